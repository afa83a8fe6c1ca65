import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ERROR_MESSAGES } from '@atelier/contract/common/error-catalogue';
import { isApiError, listFieldErrors } from './api-error';

/**
 * Puts the server's field errors of a failed call on the form's fields, and returns the message
 * to show above the form when no field took it (or `null`).
 */
export const applyServerErrors = <T extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<T>[],
  setError: UseFormSetError<T>,
): string | null => {
  const fieldErrors = listFieldErrors(error);
  let isShownOnField = false;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !isShownOnField });
      isShownOnField = true;
    }
  }
  if (!isApiError(error)) return ERROR_MESSAGES.generic;
  return isShownOnField || error.isHandled ? null : error.message;
};
