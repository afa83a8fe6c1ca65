import {
  ERROR_STATUS,
  type ApiErrorBody,
  type ErrorCode,
  type FieldIssue,
} from '@atelier/contract/common/errors';

/**
 * A broken business rule or a refused request. The error handler turns it into the one error
 * body of STYLE.md §5 with the status of its code.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly reason: string | undefined;
  readonly details: FieldIssue[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { reason?: string; details?: FieldIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.reason = options.reason;
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** The one error body of STYLE.md §5: `{ error: { code, message, reason?, details?, requestId } }`. */
export const errorBody = (
  code: ErrorCode,
  message: string,
  requestId: string,
  extra: { reason?: string; details?: FieldIssue[] } = {},
): ApiErrorBody => ({ error: { code, message, ...extra, requestId } });
