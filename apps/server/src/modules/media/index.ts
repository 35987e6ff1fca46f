// Operator images for the member site: upload (console) and public serving.
export { mediaRoutes } from './media.routes.ts';
