import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft } from './countdown';

describe('QR countdown', () => {
  it('shows mm:ss', () => {
    expect(formatCountdown(90)).toBe('01:30');
    expect(formatCountdown(5)).toBe('00:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(15 * 60)).toBe('15:00');
  });

  it('rounds the seconds left up and never goes below 0', () => {
    expect(secondsLeft(90_000, 0)).toBe(90);
    expect(secondsLeft(90_000, 5)).toBe(90);
    expect(secondsLeft(90_000, 1_000)).toBe(89);
    expect(secondsLeft(1_000, 5_000)).toBe(0);
  });
});
