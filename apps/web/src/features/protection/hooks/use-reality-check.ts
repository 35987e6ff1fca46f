import type { TSessionSummary } from '@krapao/contracts/protection';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { getSessionSummary, protectionStateQuery } from '../api/protection-api';
import { nextCheckAt } from '../lib/protection-lib';

export type RealityCheck = {
  /** The summary the dialog shows; null while no dialog is due. */
  due: TSessionSummary | null;
  /** Continue: the dialog closes and the next one is timed from sign-in again. */
  dismiss: () => void;
};

/**
 * The reality check of the signed-in shell: with an interval set, every N minutes from sign-in the
 * session summary is fetched and handed to one dialog. While that dialog is open no other is timed,
 * so they never stack; after Continue the next one falls on the next multiple of N from sign-in.
 */
export function useRealityCheck(): RealityCheck {
  const state = useQuery(protectionStateQuery());
  const minutes = state.data?.realityCheckMinutes ?? 0;
  const [signedInAt, setSignedInAt] = useState<string | null>(null);
  const [due, setDue] = useState<TSessionSummary | null>(null);

  useEffect(() => {
    if (!(minutes > 0) || due !== null) return;
    let cancelled = false;
    if (signedInAt === null) {
      getSessionSummary().then(
        (summary) => {
          if (!cancelled) setSignedInAt(summary.signedInAt);
        },
        () => {}, // no session summary: no reality check on this page view
      );
      return () => {
        cancelled = true;
      };
    }
    let timer: number | undefined;
    // A summary that cannot be fetched skips this check; the next one is timed as usual.
    const schedule = (from: string) => {
      const at = nextCheckAt(from, minutes);
      if (!at) return;
      timer = window.setTimeout(() => {
        getSessionSummary().then(
          (summary) => {
            if (!cancelled) setDue(summary);
          },
          () => {
            if (!cancelled) schedule(from);
          },
        );
      }, at.getTime() - Date.now());
    };
    schedule(signedInAt);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [minutes, signedInAt, due]);

  const dismiss = useCallback(() => setDue(null), []);
  return { due: minutes > 0 ? due : null, dismiss };
}
