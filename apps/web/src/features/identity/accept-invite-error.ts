import { isApiError } from '@/lib/api-error';

/**
 * What a failed invitation acceptance means for the screen: `unusable_invite` (unknown, used
 * or expired link: no password can help), `existing_account` (the e-mail already has an
 * Atelier account, whose password the server wants), or `other` (shown on the form).
 */
export type AcceptInviteFailure = 'unusable_invite' | 'existing_account' | 'other';

const UNUSABLE_INVITE_REASONS = new Set(['invite_not_found', 'invite_expired']);

export const classifyAcceptInviteFailure = (error: unknown): AcceptInviteFailure => {
  if (!isApiError(error)) return 'other';
  if (error.reason && UNUSABLE_INVITE_REASONS.has(error.reason)) return 'unusable_invite';
  // Accepting with a new password for an e-mail that has an account is refused this way.
  if (error.reason === 'invalid_credentials') return 'existing_account';
  return 'other';
};
