// One image of a form (a banner, a wheel's art): pick a file, it is uploaded at once, and the
// field's value becomes the address the server answers. The preview shows what members will see.
import { BANNER_IMAGE_MAX_MB, mediaPaths, type TImageUploadResponse } from '@krapao/contracts/ops/media';
import { OPS_CSRF_HEADER } from '@krapao/contracts/ops/paths';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csrfToken } from '../lib/csrf';
import { Button } from './ui/button';
import { Field } from './ui/field';

type UploadFailure = { code: string; reason?: string };

/** POST the file; the answer's url, or what went wrong (the catalogue code and the refusal's reason). */
export async function uploadImage(file: File): Promise<TImageUploadResponse> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(mediaPaths.upload, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', [OPS_CSRF_HEADER]: csrfToken() ?? '' },
    });
  } catch {
    throw { code: 'NETWORK_ERROR' } satisfies UploadFailure;
  }
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && typeof json?.url === 'string') return { url: json.url };
  const code = typeof json?.message === 'string' ? json.message : `HTTP_${response.status}`;
  throw { code, reason: typeof json?.reason === 'string' ? json.reason : undefined } satisfies UploadFailure;
}

export type ImageUploadProps = {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  disabled?: boolean;
};

export function ImageUpload({ label, value, onChange, error, disabled }: ImageUploadProps) {
  const { t } = useTranslation(['banners', 'errors']);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const failureText = (err: unknown) => {
    const { code, reason } = (err ?? {}) as Partial<UploadFailure>;
    if (reason) return t(`banners:imageUpload.${reason}`, { maxMb: BANNER_IMAGE_MAX_MB, defaultValue: reason });
    if (code === 'NETWORK_ERROR') return t('common:apiError.network');
    return t(`errors:${code}`, { defaultValue: code ?? t('common:apiError.unknown') });
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      onChange((await uploadImage(file)).url);
    } catch (err) {
      setFailure(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field
      id={id}
      label={label}
      error={failure ?? error}
      hint={t('banners:imageUpload.hint', { maxMb: BANNER_IMAGE_MAX_MB })}
    >
      <div className="flex items-center gap-3">
        {value ? (
          <img
            src={value}
            alt={t('banners:imageUpload.preview')}
            className="h-20 max-w-48 rounded border border-slate-200 object-contain"
          />
        ) : (
          <div className="flex h-20 w-32 items-center justify-center rounded border border-dashed border-slate-300 text-xs text-slate-400">
            {t('banners:imageUpload.none')}
          </div>
        )}
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif"
          disabled={disabled || busy}
          onChange={onFile}
          className="text-sm"
          aria-invalid={failure || error ? true : undefined}
        />
        {value && !busy ? (
          <Button variant="ghost" small onClick={() => onChange('')} disabled={disabled}>
            {t('banners:imageUpload.remove')}
          </Button>
        ) : null}
        {busy ? <span className="text-xs text-slate-500">{t('banners:imageUpload.uploading')}</span> : null}
      </div>
    </Field>
  );
}
