// What other modules and the composition roots use of statement.
export { createStatementRepository } from './statement.repository.ts';
export { statementRoutes } from './statement.routes.ts';
