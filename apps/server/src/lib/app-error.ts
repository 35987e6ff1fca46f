import { ERROR_STATUS, type ErrorCode, GONE, INVALID_TOKEN } from '@krapao/contracts/errors';

type WireCode = ErrorCode | typeof GONE | typeof INVALID_TOKEN;

/** The one error a service throws: a catalogue code, answered as `{ message: code, ...details }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: WireCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = code === GONE ? 410 : code === INVALID_TOKEN ? 401 : ERROR_STATUS[code];
  }
}
