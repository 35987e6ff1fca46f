// How long an item has waited, in the largest whole units that matter: "3 d 4 h", "2 h 5 min", "7 min".
export type AgeParts = { days: number; hours: number; minutes: number };

export function ageOf(fromIso: string, nowIso: string): AgeParts {
  const minutes = Math.max(0, Math.floor((Date.parse(nowIso) - Date.parse(fromIso)) / 60_000));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}
