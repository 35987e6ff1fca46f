/** Every bonus query sits under this key, so one invalidation refreshes the page after a change. */
export const BONUS_KEY = ['bonus'] as const;
