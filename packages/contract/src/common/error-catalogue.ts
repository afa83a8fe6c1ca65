/**
 * STYLE.md §5 error codes and spec §8's error catalogue, without Zod: what the web app's first
 * page needs (issue 10). `errors.ts` builds the schemas on these and re-exports them.
 */

/** Error codes of STYLE.md §5; each maps to one HTTP status. */
export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'request_timeout',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'unprocessable',
  'locked',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  unprocessable: 422,
  locked: 423,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** Spec §5 and §8: the message every write by a preview account answers with. */
export const PREVIEW_MODE_MESSAGE = "Preview mode can't take this action.";
/** Reason sent with a 403 that the web turns into the preview-mode dialog (spec §8 special code). */
export const PREVIEW_MODE_REASON = 'preview_mode';

/** Spec §8 error catalogue: the texts the web shows. */
export const ERROR_MESSAGES = {
  sessionExpired: 'Your session has expired - please log in again.',
  noPermission: "This account doesn't have the permission to view this page.",
  network: 'Something is wrong with the network - please wait a few moments and try again.',
  generic: 'There was an error. Please try again later.',
} as const;
