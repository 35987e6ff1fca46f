import type { SmsAdapter } from './sms.port.ts';

/** A plain HTTP SMS gateway: POST {to, text} with a bearer token; any non-2xx is a failure. */
export function createHttpSms(url: string, token?: string, timeoutMs = 10_000): SmsAdapter {
  return {
    async send({ phone, text }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: phone, text }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
