// A response the client stopped reading (a page left, a download cancelled) is not a server fault.
// @fastify/compress logs its stream pipe's end at error level whatever the reason, so every aborted
// compressed response wrote an error line with a stack ("premature close"). This pino hook sends
// those lines at info instead; every other error stays an error.
import type { LogFn, Logger } from 'pino';

const ERROR_LEVEL = 50;

/** The stream closed before its end: end-of-stream's "premature close", or Node's own. */
export function isPrematureClose(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  return (value as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' || value.message === 'premature close';
}

/** pino's `hooks.logMethod`: a client's abort is logged at info, with what it was. */
export function clientAbortAtInfo(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  if (level >= ERROR_LEVEL && isPrematureClose(args[0])) {
    this.info({ err: args[0] }, 'response stream closed by the client before its end');
    return;
  }
  method.apply(this, args);
}
