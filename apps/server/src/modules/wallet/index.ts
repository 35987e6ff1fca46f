// What other modules and the composition roots use of wallet.
export { createGameResults } from './game-results.ts';
export { createTransferService } from './transfer.service.ts';
export { createReconciler } from './transfer-reconcile.job.ts';
export { walletRoutes } from './wallet.routes.ts';
export { createWalletService } from './wallet.service.ts';
