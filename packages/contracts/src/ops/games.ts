// The console's games page: the catalogue members see. A game is on (listed, takes money in), under
// maintenance (listed with a message, money may only come out) or off (not listed; money may still
// come out). Order and featured change the member list's order; featured games come first.
// Turning a game off or putting it under maintenance needs a reason; order and featured take one optionally.
import { z } from 'zod';
import { GAME_CATEGORIES } from '../games.ts';
import { ZReason } from './staff.ts';

export const gamesPaths = {
  /** GET: every game, in display order. Permission settings.manage. */
  list: '/api/ops/games',
  /** POST: state, maintenance message, order, featured; audited as game.update. */
  update: '/api/ops/games/:code',
} as const;

export const gamesPath = {
  update: (code: string) => `/api/ops/games/${encodeURIComponent(code)}`,
};

export const GAME_STATES = ['on', 'maintenance', 'off'] as const;
export type GameState = (typeof GAME_STATES)[number];

export const ZMaintenanceMessage = z.string().trim().min(1).max(300);

export const ZOpsGame = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  provider: z.string(),
  logo: z.string(),
  state: z.enum(GAME_STATES),
  maintenanceMessage: z.string().nullable(),
  sortOrder: z.number().int(),
  isFeatured: z.boolean(),
});
export type TOpsGame = z.infer<typeof ZOpsGame>;
export const ZOpsGameList = z.object({ items: z.array(ZOpsGame) });
export type TOpsGameList = z.infer<typeof ZOpsGameList>;

export const ZOpsGameParams = z.strictObject({ code: z.string().trim().min(1).max(32) });

/** What to change; the fields left out stay as they are. */
export const ZOpsGameUpdate = z
  .strictObject({
    state: z.enum(GAME_STATES).optional(),
    /** Required with state `maintenance`, and only then. */
    maintenanceMessage: ZMaintenanceMessage.optional(),
    sortOrder: z.number().int().min(-100_000).max(100_000).optional(),
    isFeatured: z.boolean().optional(),
    reason: ZReason.optional(),
  })
  .superRefine((v, issue) => {
    if (v.state === undefined && v.sortOrder === undefined && v.isFeatured === undefined)
      issue.addIssue({ code: 'custom', path: ['state'], message: 'nothing to change' });
    if (v.state === 'maintenance' && v.maintenanceMessage === undefined)
      issue.addIssue({ code: 'custom', path: ['maintenanceMessage'], message: 'required under maintenance' });
    if (v.state !== 'maintenance' && v.maintenanceMessage !== undefined)
      issue.addIssue({ code: 'custom', path: ['maintenanceMessage'], message: 'only under maintenance' });
    if ((v.state === 'off' || v.state === 'maintenance') && v.reason === undefined)
      issue.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  });
export type TOpsGameUpdate = z.infer<typeof ZOpsGameUpdate>;
