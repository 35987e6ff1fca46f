import type { TOpsGame } from '@krapao/contracts/ops/games';

const STEP = 10;

/**
 * The order that puts `games[index]` one place up (-1) or down (+1): between its new neighbours, so
 * one change moves one game. Null at the ends. Neighbours with no gap share an order (then by code).
 */
export function movedOrder(games: readonly TOpsGame[], index: number, direction: -1 | 1): number | null {
  const passed = games[index + direction];
  if (!passed) return null;
  const beyond = games[index + 2 * direction];
  if (!beyond) return passed.sortOrder + direction * STEP;
  const gap = Math.abs(beyond.sortOrder - passed.sortOrder);
  return gap >= 2 ? Math.floor((passed.sortOrder + beyond.sortOrder) / 2) : passed.sortOrder + direction;
}
