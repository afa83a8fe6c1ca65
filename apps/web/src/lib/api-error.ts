import type { ErrorCode, FieldIssue } from '@atelier/contract/common/errors';

/** `network_error`: no response at all; `invalid_response`: a success body the contract refuses. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'invalid_response';

/** A failed API call, as `callApi` throws it. `message` is the text fit to show a user. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: ApiErrorCode;
  readonly reason: string | undefined;
  readonly details: readonly FieldIssue[];
  readonly requestId: string | undefined;
  /** The client already told the user (toast, dialog or redirect); a screen need not repeat it. */
  readonly isHandled: boolean;

  constructor(options: {
    status: number | null;
    code: ApiErrorCode;
    message: string;
    reason?: string | undefined;
    details?: readonly FieldIssue[] | undefined;
    requestId?: string | undefined;
    isHandled?: boolean;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.reason = options.reason;
    this.details = options.details ?? [];
    this.requestId = options.requestId;
    this.isHandled = options.isHandled ?? false;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * Field errors of a failed call keyed by form field: `body.email` → `email`. Only the first
 * message of each field is kept, as a form shows one per field.
 */
export const listFieldErrors = (error: unknown): Record<string, string> => {
  if (!isApiError(error)) return {};
  const fields: Record<string, string> = {};
  for (const issue of error.details) {
    const field = issue.field.replace(/^(body|query|params)\./, '');
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  return fields;
};
