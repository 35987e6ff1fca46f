// The console's games page: turn a game on, off or under maintenance, order it, feature it. Each change
// is audited (game.update, before and after) in its own transaction; this instance's cached catalogue
// is cleared after it commits, other instances see it within GAMES_CACHE_MS.
import { GAME_CATEGORIES, type GameCategory } from '@krapao/contracts/games';
import type { GameState, TOpsGame, TOpsGameUpdate } from '@krapao/contracts/ops/games';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishOpsChange } from '../../lib/ops-changes.ts';
import { appendAudit, type StaffAct } from '../audit/index.ts';
import { forgetCachedGames, type GameRow } from './games.repository.ts';
import { type CatalogueFields, createGamesOpsRepository } from './games-ops.repository.ts';

export function stateOf(g: Pick<GameRow, 'isEnabled' | 'maintenanceMessage'>): GameState {
  if (!g.isEnabled) return 'off';
  return g.maintenanceMessage === null ? 'on' : 'maintenance';
}

function toOpsGame(g: GameRow): TOpsGame {
  return {
    code: g.code,
    name: g.name,
    category: (GAME_CATEGORIES as readonly string[]).includes(g.category) ? (g.category as GameCategory) : 'slot',
    provider: g.provider,
    logo: g.logo,
    state: stateOf(g),
    maintenanceMessage: g.maintenanceMessage,
    sortOrder: g.sortOrder,
    isFeatured: g.isFeatured,
  };
}

const auditedOf = (g: CatalogueFields) => ({
  state: stateOf(g),
  maintenanceMessage: g.maintenanceMessage,
  sortOrder: g.sortOrder,
  isFeatured: g.isFeatured,
});

/** The row's catalogue fields after `change`: a state other than maintenance drops the message. */
function applied(row: CatalogueFields, change: TOpsGameUpdate): CatalogueFields {
  const next = { ...row };
  if (change.state !== undefined) {
    next.isEnabled = change.state !== 'off';
    next.maintenanceMessage = change.state === 'maintenance' ? change.maintenanceMessage! : null;
  }
  if (change.sortOrder !== undefined) next.sortOrder = change.sortOrder;
  if (change.isFeatured !== undefined) next.isFeatured = change.isFeatured;
  return next;
}

export function createGamesOpsService(ctx: AppContext) {
  const repo = createGamesOpsRepository(ctx.db);

  return {
    list: async (): Promise<TOpsGame[]> => (await repo.all()).map(toOpsGame),

    async update(code: string, change: TOpsGameUpdate, act: StaffAct): Promise<TOpsGame> {
      const updated = await ctx.db.transaction(async (tx) => {
        const row = await repo.lock(tx, code);
        if (!row) throw new AppError('NO_DATA');
        const before = auditedOf(row);
        const next = await repo.update(tx, code, applied(row, change));
        await appendAudit(tx, {
          actor: 'staff',
          staffId: act.staffId,
          action: 'game.update',
          objectType: 'game',
          objectId: code,
          reason: act.reason,
          before,
          after: auditedOf(next),
          requestId: act.requestId,
          at: ctx.now(),
        });
        return next;
      });
      forgetCachedGames(ctx.db);
      publishOpsChange(ctx, { topic: 'game', id: code });
      return toOpsGame(updated);
    },
  };
}
