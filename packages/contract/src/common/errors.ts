import { z } from 'zod';
import { ERROR_CODES } from './error-catalogue';

export * from './error-catalogue';

/** Error codes of STYLE.md §5; each maps to one HTTP status. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);

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
