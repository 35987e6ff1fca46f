// The one way a money form sends (docs/architecture.md §3.1, §8): the call with the action's
// Idempotency-Key, then a success toast and the form's refresh, or the server's refusal as text.
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { toast } from '../components/ui/toast';
import { errorText } from './api-error';
import { useSubmissionKey } from './use-submission-key';

export type MoneyActionOptions<TBody, TAnswer> = {
  send: (body: TBody, idempotencyKey: string) => Promise<TAnswer>;
  /** Translates a refusal, in the form's namespace. */
  t: TFunction;
  successText: (answer: TAnswer, body: TBody) => string;
  /** After the toast: reset the form, close it, reload the wallet. */
  onSuccess: (answer: TAnswer, body: TBody) => void;
};

export type MoneyAction<TBody> = {
  submit: (body: TBody) => void;
  isPending: boolean;
  /** The last refusal as text, until the next submit or clearFailure. */
  failure: string | null;
  clearFailure: () => void;
};

export function useMoneyAction<TBody, TAnswer>({
  send,
  t,
  successText,
  onSuccess,
}: MoneyActionOptions<TBody, TAnswer>): MoneyAction<TBody> {
  const submissionKey = useSubmissionKey();
  const mutation = useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: TBody; idempotencyKey: string }) => send(body, idempotencyKey),
  });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (body: TBody) => {
    setFailure(null);
    if (mutation.isPending) return;
    mutation.mutate(
      { body, idempotencyKey: submissionKey.keyFor(body) },
      {
        onSuccess: (answer) => {
          submissionKey.settle();
          toast.success(successText(answer, body));
          onSuccess(answer, body);
        },
        onError: (err) => {
          submissionKey.settle(err);
          setFailure(errorText(t, err));
        },
      },
    );
  };

  return { submit, isPending: mutation.isPending, failure, clearFailure: () => setFailure(null) };
}
