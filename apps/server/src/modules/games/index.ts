// What other modules and the composition roots use of games.
export { createGameCatalog, type Game } from './game-catalog.ts';
export { gamesRoutes } from './games.routes.ts';
export { createGamesService } from './games.service.ts';
export { providerFaultRoutes } from './provider-faults.routes.ts';
export { seedGames } from './seed-games.ts';
