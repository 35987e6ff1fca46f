// What other modules and the composition roots use of dev.
export { devRoutes } from './dev.routes.ts';
