import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { textSchema } from '../common/validation';
import { LoginInputSchema, PasswordSchema } from './account';
import { PARTNER_LOGOUT_CALL } from './session-calls';

/**
 * Supplier accounts: people of a catalog company sign in to the supplier workspace
 * (`/partner/...`). Their sessions work only on the `/api/partner/...` routes (a store session
 * there, or a supplier session on a store route, is refused with 403 reason `wrong_party`).
 */

/** The supplier behind a partner session and the company they act for. */
export const CurrentSupplierSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    username: z.string(),
  }),
  company: z.object({ id: z.string(), name: z.string() }),
});
export type CurrentSupplier = z.infer<typeof CurrentSupplierSchema>;

export const SupplierSessionSchema = z.object({
  /** Opaque bearer token for the partner routes. */
  token: z.string(),
  idleExpiresAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  currentSupplier: CurrentSupplierSchema,
});
export type SupplierSession = z.infer<typeof SupplierSessionSchema>;

/** The invitation token of the link `/partner/accept-invite?token=…` (256 bits, base64url). */
export const SupplierInviteTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.');

export const AcceptSupplierInviteInputSchema = z.object({
  token: SupplierInviteTokenSchema,
  /**
   * The new password; when the invited e-mail already has an Atelier account, its existing
   * password instead (the membership is then linked to that account).
   */
  password: PasswordSchema,
  name: textSchema(120).optional(),
});
export type AcceptSupplierInviteInput = z.infer<typeof AcceptSupplierInviteInputSchema>;

export const partnerLogin = defineEndpoint({
  method: 'POST',
  path: '/api/partner/auth/login',
  auth: 'public',
  body: LoginInputSchema,
  response: SupplierSessionSchema,
  summary: 'Start a supplier session (active supplier members only). Throttled like store login.',
  tags: ['partner'],
});

export const partnerLogout = defineEndpoint({
  ...PARTNER_LOGOUT_CALL,
  auth: 'supplier',
  response: z.object({ ok: z.literal(true) }),
  summary: 'End the current supplier session on the server.',
  tags: ['partner'],
});

export const getCurrentSupplier = defineEndpoint({
  method: 'GET',
  path: '/api/partner/auth/me',
  auth: 'supplier',
  response: CurrentSupplierSchema,
  summary: 'The supplier user behind the session and their company.',
  tags: ['partner'],
});

export const acceptSupplierInvite = defineEndpoint({
  method: 'POST',
  path: '/api/partner/auth/accept-invite',
  auth: 'public',
  body: AcceptSupplierInviteInputSchema,
  response: SupplierSessionSchema,
  summary:
    'Accept a supplier invitation: sets the password (or links an existing account after ' +
    'checking its password), activates the membership and starts a session.',
  tags: ['partner'],
});
