// The QR countdown: whole seconds left to expireIn, shown as mm:ss.

/** Seconds left until `expireAt` (epoch ms), rounded up so a fresh 90 s QR shows 01:30. */
export function secondsLeft(expireAt: number, now: number): number {
  return Math.max(0, Math.ceil((expireAt - now) / 1000));
}

export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}
