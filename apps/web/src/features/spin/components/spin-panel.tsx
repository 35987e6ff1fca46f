import type { TSpinResult, TSpinSetup, TSpinSlice } from '@krapao/contracts/spin';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { spinSetupKey, useSpinSetup } from '../api/get-spin-setup';
import { useReloadSpin } from '../api/reload-spin';
import { useSpin } from '../api/spin';
import { useWheelRotation } from '../hooks/use-wheel-rotation';
import { useWheelSize } from '../hooks/use-wheel-size';
import { planSpin, sliceAtPointer } from '../lib/wheel-geometry';
import { type Prize, PrizeModal } from './prize-modal';
import { SpinErrorDialog } from './spin-error-dialog';
import { SpinWheel } from './spin-wheel';

const NO_SLICES: TSpinSlice[] = [];
/** Every spin is its own action; a retry after a lost answer reuses the key (use-submission-key). */
const SPIN_ACTION = { action: 'spin' };

/** The wheel of /user/spin (docs/product.md §2.10): name, wheel, spin, prize modal, errors. */
export function SpinPanel() {
  const { t } = useTranslation('spin');
  const setup = useSpinSetup();
  const spin = useSpin();
  const submissionKey = useSubmissionKey();
  const queryClient = useQueryClient();
  const reload = useReloadSpin();
  const size = useWheelSize();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const turn = useCallback((angle: number) => {
    if (canvasRef.current) canvasRef.current.style.transform = `rotate(${angle}rad)`;
  }, []);
  const rotation = useWheelRotation(turn);
  const busy = useRef(false);
  const [spinning, setSpinning] = useState(false);
  const [landed, setLanded] = useState<TSpinSlice | null>(null);
  const [prize, setPrize] = useState<Prize | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const wheel = setup.data?.result ?? null;
  const slices = wheel?.slices ?? NO_SLICES;
  const coins = setup.data?.userCoin ?? 0;

  const finish = async (result: TSpinResult, drawn: readonly TSpinSlice[]) => {
    // A setup read still on its way (the reload after a prize) was read before this spin spent its
    // coin: dropped, so it cannot bring the coin back after the answer's count.
    await queryClient.cancelQueries({ queryKey: spinSetupKey, exact: true });
    queryClient.setQueryData<TSpinSetup>(spinSetupKey, (old) => old && { ...old, userCoin: result.remainingCoin });
    const index = drawn.findIndex((slice) => slice.code === result.result);
    if (index >= 0) {
      await rotation.animate(planSpin(rotation.current(), index, drawn.length));
      setLanded(drawn[sliceAtPointer(rotation.current(), drawn.length)] ?? null);
    } else {
      // The wheel changed since it was loaded: no slice to land on; show the new one.
      reload();
    }
    busy.current = false;
    setSpinning(false);
    if (result.coupon !== null) {
      const slice = drawn[index];
      setPrize({ label: slice?.label ?? result.label, htmlDescription: slice?.htmlDescription ?? '' });
    }
  };

  const onSpin = () => {
    // Ignored while spinning, without coins or without a wheel: nothing is sent.
    if (busy.current || coins <= 0 || slices.length === 0) return;
    busy.current = true;
    setSpinning(true);
    setLanded(null);
    const drawn = slices;
    spin.mutate(
      { idempotencyKey: submissionKey.keyFor(SPIN_ACTION) },
      {
        onSuccess: (result) => {
          submissionKey.settle();
          void finish(result, drawn);
        },
        onError: (err) => {
          submissionKey.settle(err);
          busy.current = false;
          setSpinning(false);
          setFailure(err);
          reload();
        },
      },
    );
  };

  const closePrize = () => {
    setPrize(null);
    reload();
  };

  return (
    // Not a padded Card: at 320 px the content column is 288 px and the wheel 272 px.
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-gold-700/25 bg-ink-900/80 px-1 py-4 shadow-lg shadow-black/30">
      {setup.isPending ? (
        <div aria-busy="true" className="animate-pulse rounded-full bg-white/5" style={{ width: size, height: size }} />
      ) : wheel ? (
        <>
          <h2 data-testid="spin-wheel-name" className="text-center text-lg font-semibold text-gold-200">
            {wheel.name}
          </h2>
          <SpinWheel
            slices={slices}
            size={size}
            coins={coins}
            spinning={spinning}
            canvasRef={canvasRef}
            landed={landed}
            onSpin={onSpin}
          />
        </>
      ) : (
        <div data-testid="spin-unavailable" className="flex flex-col items-center gap-3 py-6 text-center">
          <p className="text-sm text-white/60">{setup.isError ? t('wheel.loadFailed') : t('wheel.unavailable')}</p>
          {setup.isError ? (
            <Button variant="secondary" onClick={() => void setup.refetch()}>
              {t('common:actions.reload')}
            </Button>
          ) : null}
        </div>
      )}
      <PrizeModal prize={prize} onClose={closePrize} />
      <SpinErrorDialog error={failure} action="spin" onClose={() => setFailure(null)} />
    </section>
  );
}
