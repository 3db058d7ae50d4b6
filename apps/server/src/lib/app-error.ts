import type { ErrorCode, FieldIssue } from '@structomate/contract';

export const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** A failure the client can act on; services throw it and the error plugin renders it. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: FieldIssue[],
    /** Seconds a throttled client should wait; sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  get statusCode(): number {
    return statusByCode[this.code];
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
