// Reading a multipart body fails only because of what the client sent (cut short, no or the wrong
// boundary, a malformed part): busboy reports those as plain errors, which must answer 4xx, not 500.
import type { ErrorCode } from '@krapao/contracts/errors';
import { AppError } from './app-error.ts';

/** The error to throw for a failure while reading an upload: our own and @fastify/multipart's 4xx kept. */
export function multipartError(err: unknown, code: ErrorCode, details: Record<string, unknown> = {}): Error {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown })?.statusCode;
  if (err instanceof Error && typeof status === 'number' && status >= 400 && status < 500) return err;
  return new AppError(code, { ...details, reason: 'malformedMultipart' });
}
