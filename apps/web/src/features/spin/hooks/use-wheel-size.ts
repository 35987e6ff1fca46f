import { WHEEL_RESIZE_DEBOUNCE_MS } from '@krapao/contracts/constants';
import { useEffect, useState } from 'react';
import { wheelSize } from '../lib/wheel-geometry';

/** The wheel's CSS size, following the window width WHEEL_RESIZE_DEBOUNCE_MS after resizing stops. */
export function useWheelSize(): number {
  const [size, setSize] = useState(() => wheelSize(window.innerWidth));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSize(wheelSize(window.innerWidth)), WHEEL_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return size;
}
