import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { classifyAcceptInviteFailure } from './accept-invite-error';

const anApiError = (overrides: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
  new ApiError({ status: 400, code: 'bad_request', message: 'Refused.', ...overrides });

describe('classifyAcceptInviteFailure', () => {
  it.each(['invite_not_found', 'invite_expired'])(
    'treats %s as an unusable invitation',
    (reason) => {
      expect(classifyAcceptInviteFailure(anApiError({ reason }))).toBe('unusable_invite');
    },
  );

  it('recognises the existing-account answer', () => {
    const error = anApiError({
      status: 401,
      code: 'unauthenticated',
      reason: 'invalid_credentials',
    });
    expect(classifyAcceptInviteFailure(error)).toBe('existing_account');
  });

  it('leaves throttling, field errors and unknown failures to the form', () => {
    expect(classifyAcceptInviteFailure(anApiError({ status: 429, code: 'rate_limited' }))).toBe(
      'other',
    );
    const fieldError = anApiError({ details: [{ field: 'body.password', message: 'Too short.' }] });
    expect(classifyAcceptInviteFailure(fieldError)).toBe('other');
    expect(classifyAcceptInviteFailure(new Error('boom'))).toBe('other');
  });
});
