// What other modules and the composition roots use of spin.
export { seedSpinWheel } from './seed-spin.ts';
export { spinRoutes } from './spin.routes.ts';
export { spinCoinsOnPlay } from './spin-coins.ts';
export { spinOpsRoutes } from './spin-ops.routes.ts';
