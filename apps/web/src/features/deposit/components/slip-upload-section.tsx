import { SLIP_MAX_BYTES } from '@krapao/contracts/deposit';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-error';
import { lookupQuery } from '../../../lib/lookup-queries';
import { useSubmissionKey } from '../../../lib/use-submission-key';
import { useUploadSlip } from '../api/upload-slip';
import { type SlipOutcome, slipErrorOutcome, slipOutcome } from '../lib/slip-outcome';
import { SlipResult, UploadProgress } from './slip-upload-status';

/** The image types the server reads (it checks the bytes again). */
export const SLIP_ACCEPT = ['image/png', 'image/jpeg', 'image/webp'] as const;
const MAX_MB = SLIP_MAX_BYTES / (1024 * 1024);

/**
 * Deposit by bank slip (docs/product.md §3.3): pick an image, upload it with a progress bar, read the
 * verdict. Closed during the daily window of GET /api/lookup/slip (the server refuses too).
 */
export function SlipUploadSection({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('depositMethods');
  const slipWindow = useQuery(lookupQuery('slip'));
  const upload = useUploadSlip();
  const submissionKey = useSubmissionKey();
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  // The picked file is the form's one value; the picker itself stays uncontrolled (a file input).
  const form = useForm<{ file: File | null }>({ defaultValues: { file: null } });
  const file = form.watch('file');
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<SlipOutcome | null>(null);
  const isClosed = slipWindow.data?.isClosed === true;

  const forget = () => {
    form.reset();
    if (input.current) input.current.value = '';
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setOutcome(null);
    if (picked && !(SLIP_ACCEPT as readonly string[]).includes(picked.type)) {
      forget();
      setOutcome({ tone: 'failed', text: t('errors:SLIP_INVALID_FILE') });
      return;
    }
    if (picked && picked.size > SLIP_MAX_BYTES) {
      forget();
      setOutcome({ tone: 'failed', text: t('slip.tooLarge', { mb: MAX_MB }) });
      return;
    }
    form.setValue('file', picked);
  };

  const onSubmit = form.handleSubmit(({ file }) => {
    if (!file || isClosed || upload.isPending) return;
    const idempotencyKey = submissionKey.keyFor({ name: file.name, size: file.size, modified: file.lastModified });
    setOutcome(null);
    setProgress(0);
    upload.mutate(
      { file, idempotencyKey, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          submissionKey.settle();
          forget();
          const result = slipOutcome(t, answer);
          setOutcome(result);
          if (result.tone === 'success') {
            toast.success(result.text);
            onDone();
          }
        },
        onError: (err) => {
          submissionKey.settle(err);
          // Unanswered (network, timeout): keep the file so the same upload can be sent again.
          if (!(err instanceof ApiError) || err.kind === 'server') forget();
          setOutcome(slipErrorOutcome(t, err));
        },
      },
    );
  });

  return (
    <form
      aria-labelledby={titleId}
      data-testid="slip-section"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3"
    >
      <div>
        <h3 id={titleId} className="text-sm font-semibold text-gold-200">
          {t('slip.title')}
        </h3>
        <p className="text-xs text-white/60">{t('slip.help', { mb: MAX_MB })}</p>
      </div>
      {isClosed && slipWindow.data ? (
        <p
          data-testid="slip-closed"
          role="status"
          className="rounded-xl bg-amber-500/10 px-3 py-2 text-sm text-amber-200"
        >
          {t('slip.closed', { closeStart: slipWindow.data.closeStart, closeEnd: slipWindow.data.closeEnd })}
        </p>
      ) : null}
      <label
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-dashed border-gold-500/40 px-3 py-4 text-center text-sm text-gold-200 focus-within:ring-2 focus-within:ring-gold-400/40 hover:bg-gold-500/5 ${isClosed ? 'pointer-events-none opacity-50' : ''}`}
      >
        <span>{t('slip.choose')}</span>
        {file ? <span className="break-all text-xs text-white/70">{t('slip.chosen', { name: file.name })}</span> : null}
        <input
          ref={input}
          type="file"
          accept={SLIP_ACCEPT.join(',')}
          onChange={onPick}
          disabled={isClosed || upload.isPending}
          data-testid="slip-file"
          className="sr-only"
        />
      </label>
      {upload.isPending ? <UploadProgress fraction={progress} /> : null}
      <Button type="submit" block disabled={!file || isClosed || upload.isPending} data-testid="slip-upload">
        {t('slip.upload')}
      </Button>
      {outcome ? <SlipResult outcome={outcome} /> : null}
    </form>
  );
}
