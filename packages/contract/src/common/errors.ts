import { z } from 'zod';

/** Error codes of STYLE.md §5; each maps to one HTTP status. */
export const ErrorCodeSchema = z.enum([
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
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

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

export const FieldIssueSchema = z.object({
  /** Dotted path of the field, prefixed with where it came from: `body.email`, `query.size`. */
  field: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The one error body shape of every API answer that is not a success (STYLE.md §5). */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    reason: z.string().optional(),
    details: z.array(FieldIssueSchema).optional(),
    requestId: z.string(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

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
