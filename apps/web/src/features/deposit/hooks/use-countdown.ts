import { QR_COUNTDOWN_TICK_MS } from '@krapao/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { secondsLeft } from '../lib/countdown';

/**
 * Seconds left until `expireAt` (epoch ms), re-read every QR_COUNTDOWN_TICK_MS; `onExpire` runs once
 * when it reaches 0. Null means no countdown.
 */
export function useCountdown(expireAt: number | null, onExpire: () => void): number {
  const [, setTick] = useState(0);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    if (expireAt === null) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), QR_COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [expireAt]);

  const left = expireAt === null ? 0 : secondsLeft(expireAt, Date.now());
  useEffect(() => {
    if (expireAt !== null && left === 0) onExpireRef.current();
  }, [expireAt, left]);
  return left;
}
