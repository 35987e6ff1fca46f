import type { TConditionProgress } from '@krapao/contracts/bonus';

/** Where the balance and the fail line sit on a bar that runs from 0 to the target, in percent. */
export function progressBar(progress: TConditionProgress): { balance: number; failLine: number } {
  const ofTarget = (value: number) =>
    progress.target > 0 ? Math.round(Math.min(100, Math.max(0, (value / progress.target) * 100)) * 10) / 10 : 0;
  return { balance: ofTarget(progress.balance), failLine: ofTarget(progress.failBelow) };
}

/** What is still missing to reach the target (never below zero). */
export function remainingToTarget(progress: TConditionProgress): number {
  return Math.max(0, Math.round((progress.target - progress.balance) * 100) / 100);
}
