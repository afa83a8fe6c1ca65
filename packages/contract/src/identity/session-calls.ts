/**
 * What the web app's first page needs to know of the session calls, without Zod (issue 10): the
 * header a renewed session token comes back in, and where each party's logout goes. The
 * endpoints in account.ts and partner-account.ts are built on these.
 */

/** Response header carrying a renewed session token (spec §7); the client uses it from then on. */
export const RENEWED_TOKEN_HEADER = 'x-session-token';

/** The store session's logout call. */
export const LOGOUT_CALL = { method: 'POST', path: '/api/web/auth/logout' } as const;

/** The supplier session's logout call. */
export const PARTNER_LOGOUT_CALL = { method: 'POST', path: '/api/partner/auth/logout' } as const;
