// What other modules and the composition roots use of agreement.
export { agreementRoutes } from './agreement.routes.ts';
