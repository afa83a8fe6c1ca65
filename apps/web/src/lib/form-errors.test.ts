import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@atelier/contract/common/errors';
import { ApiError } from './api-error';
import { applyServerErrors } from './form-errors';

type LoginValues = { email: string; password: string };

const aValidationError = (isHandled = false) =>
  new ApiError({
    status: 400,
    code: 'bad_request',
    message: 'The request is invalid.',
    details: [
      { field: 'body.email', message: 'Enter an e-mail address.' },
      { field: 'body.email', message: 'A second message for the same field.' },
      { field: 'body.unknownField', message: 'Not a field of this form.' },
    ],
    isHandled,
  });

describe('applyServerErrors', () => {
  it('puts field errors on the form and focuses the first', () => {
    const setError = vi.fn();
    const message = applyServerErrors<LoginValues>(
      aValidationError(),
      ['email', 'password'],
      setError,
    );
    expect(message).toBeNull();
    expect(setError).toHaveBeenCalledExactlyOnceWith(
      'email',
      { type: 'server', message: 'Enter an e-mail address.' },
      { shouldFocus: true },
    );
  });

  it('returns the message when no field took it', () => {
    const setError = vi.fn();
    const error = new ApiError({
      status: 401,
      code: 'unauthenticated',
      message: 'The e-mail or password is wrong.',
    });
    expect(applyServerErrors<LoginValues>(error, ['email', 'password'], setError)).toBe(
      'The e-mail or password is wrong.',
    );
    expect(setError).not.toHaveBeenCalled();
  });

  it('returns nothing for a failure the API client already announced', () => {
    const error = new ApiError({
      status: 500,
      code: 'internal',
      message: ERROR_MESSAGES.network,
      isHandled: true,
    });
    expect(applyServerErrors<LoginValues>(error, ['email'], vi.fn())).toBeNull();
  });

  it('shows the network message when no response arrived', () => {
    const error = new ApiError({
      status: null,
      code: 'network_error',
      message: ERROR_MESSAGES.network,
    });
    expect(applyServerErrors<LoginValues>(error, ['email'], vi.fn())).toBe(ERROR_MESSAGES.network);
  });

  it('falls back to the generic message for an error that is not from the API', () => {
    expect(applyServerErrors<LoginValues>(new Error('boom'), ['email'], vi.fn())).toBe(
      ERROR_MESSAGES.generic,
    );
  });
});
