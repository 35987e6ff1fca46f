import { CLAIM_DEBOUNCE_MS } from '@krapao/contracts/constants';
import type { TCoupon } from '@krapao/contracts/spin';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/dialog';
import { Card } from '../../../components/ui/page';
import { formatNumber } from '../../../lib/format';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useClaimCoupon } from '../api/claim-coupon';
import { useCoupons } from '../api/get-coupons';
import { useReloadSpin } from '../api/reload-spin';
import { useDebouncedAction } from '../hooks/use-debounced-action';
import { ClaimModal } from './claim-modal';
import { CouponTable } from './coupon-table';
import { SpinErrorDialog } from './spin-error-dialog';

const NO_COUPONS: TCoupon[] = [];

/** Coupons and their claim (docs/product.md §4.5): confirm, one debounced POST, a message, then a reload. */
export function CouponSection() {
  const { t } = useTranslation('spin');
  // Load failures stay silent: the table simply has no rows.
  const coupons = useCoupons();
  const claim = useClaimCoupon();
  const submissionKey = useSubmissionKey();
  const reload = useReloadSpin();
  const [claiming, setClaiming] = useState<TCoupon | null>(null);
  const [claimed, setClaimed] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const sending = useRef(false);

  const send = () => {
    if (!claiming || sending.current) return;
    sending.current = true;
    const body = { coupon: claiming._id };
    const done = () => {
      sending.current = false;
      setClaiming(null);
      reload();
    };
    claim.mutate(
      { body, idempotencyKey: submissionKey.keyFor(body) },
      {
        onSuccess: (answer) => {
          submissionKey.settle();
          setClaimed(answer.amount);
          done();
        },
        onError: (err) => {
          submissionKey.settle(err);
          setFailure(err);
          done();
        },
      },
    );
  };
  const confirm = useDebouncedAction(send, CLAIM_DEBOUNCE_MS);

  const cancel = () => {
    confirm.cancel();
    setClaiming(null);
  };

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-gold-300">{t('coupons.title')}</h2>
      <CouponTable coupons={coupons.data ?? NO_COUPONS} loaded={coupons.isSuccess} onClaim={setClaiming} />
      <ClaimModal coupon={claiming} busy={claim.isPending} onConfirm={confirm.run} onCancel={cancel} />
      <AlertDialog
        open={claimed !== null}
        tone="success"
        message={<span data-testid="claim-success">{t('claim.success', { amount: formatNumber(claimed) })}</span>}
        onClose={() => setClaimed(null)}
      />
      <SpinErrorDialog error={failure} action="claim" onClose={() => setFailure(null)} />
    </Card>
  );
}
