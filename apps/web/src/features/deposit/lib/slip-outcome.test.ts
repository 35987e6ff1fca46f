import { SLIP_REASON_CODES } from '@krapao/contracts/errors';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n';
import { slipErrorOutcome, slipOutcome } from './slip-outcome';

const answer = (status: string, note: string | null) => ({ message: status, status, note, amount: 1, reference: 'r' });

describe('slip outcome', () => {
  it('every reason code reads as a translated message, never the code', () => {
    for (const code of SLIP_REASON_CODES) {
      const { tone, text } = slipOutcome(i18n.t, answer('FAILED', code));
      expect(tone).toBe('failed');
      expect(text).not.toContain(code);
      expect(text).not.toMatch(/^slip\./);
    }
  });

  it('a FAILED answer without a note still says the slip was not verified', () => {
    expect(slipOutcome(i18n.t, answer('FAILED', null)).text).toBe('The slip could not be verified.');
  });

  it('a timeout reads as the timeout message', () => {
    expect(slipErrorOutcome(i18n.t, new ApiError('TIMEOUT', 0, 'timeout')).text).toContain('too long');
  });
});
