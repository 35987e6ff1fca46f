// What other modules and the composition roots use of statement.
export { createStatementHotPath } from './statement.hot-path.ts';
export { statementRoutes } from './statement.routes.ts';
