import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { EmailSchema, IdSchema, textSchema } from '../common/validation';
import { PlanTypeSchema } from './plans';
import { LOGOUT_CALL } from './session-calls';

/** Spec §6 account types and usage styles (onboarding questions). */
export const AccountTypeSchema = z.enum(['CREATOR', 'SMB', 'UNDECIDED']);
export type AccountType = z.infer<typeof AccountTypeSchema>;
export const UsageStyleSchema = z.enum(['WITH_AI_ASSISTANTS', 'USE_THE_TOOLS_MYSELF']);
export type UsageStyle = z.infer<typeof UsageStyleSchema>;

/** Roles of a store's team members; CX sees only Fulfillment and the AI copilot. */
export const TeamRoleSchema = z.enum(['OWNER', 'ADMIN', 'CX']);
export type TeamRole = z.infer<typeof TeamRoleSchema>;

const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  CX: 'Customer experience',
};

/** The words a person reads for a team role, never the code ("OWNER" → "Owner"). */
export const teamRoleLabel = (role: TeamRole): string => TEAM_ROLE_LABELS[role];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `A password has at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `A password has at most ${PASSWORD_MAX_LENGTH} characters.`);

export const StoreTitleSchema = textSchema(120).refine(
  (value) => value.length > 0,
  'Give your store a name.',
);

export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  storeTitle: StoreTitleSchema,
  name: textSchema(120).optional(),
  accountType: AccountTypeSchema,
  usageStyle: UsageStyleSchema,
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const LoginInputSchema = z.object({
  email: EmailSchema,
  // Not PasswordSchema: a login never tells which password rule an attempt broke.
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const FeatureFlagsSchema = z.object({
  /** Spec §6 first access flag: shows the Analytics group. */
  analyticsAccess: z.boolean(),
  /** Spec §6 second flag: shows Fulfillment Metrics. */
  fulfillmentMetrics: z.boolean(),
  productDesign: z.boolean(),
  emailCapture: z.boolean(),
  fulfillment: z.boolean(),
});
export type FeatureFlags = z.infer<typeof FeatureFlagsSchema>;

/** The person behind the session and the store they act for. */
export const CurrentUserSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    username: z.string(),
  }),
  store: z.object({
    id: z.string(),
    title: z.string(),
    planType: PlanTypeSchema,
    isPreviewAccount: z.boolean(),
    accountType: AccountTypeSchema,
    usageStyle: UsageStyleSchema,
  }),
  role: TeamRoleSchema,
  featureFlags: FeatureFlagsSchema,
  /** Other stores this user is an accepted member of, to switch to. */
  memberships: z.array(
    z.object({ storeId: z.string(), storeTitle: z.string(), role: TeamRoleSchema }),
  ),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const SessionSchema = z.object({
  /** Opaque bearer token; send it as `Authorization: Bearer <token>`. */
  token: z.string(),
  /** ISO 8601: when the token lapses if unused (idle expiry). */
  idleExpiresAt: z.iso.datetime(),
  /** ISO 8601: when the session ends whatever its use (absolute expiry). */
  expiresAt: z.iso.datetime(),
  currentUser: CurrentUserSchema,
});
export type Session = z.infer<typeof SessionSchema>;

export { RENEWED_TOKEN_HEADER } from './session-calls';

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/web/auth/register',
  auth: 'public',
  body: RegisterInputSchema,
  response: SessionSchema,
  successStatus: 201,
  summary: 'Create a user and their store, and start a session.',
  tags: ['identity'],
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/web/auth/login',
  auth: 'public',
  body: LoginInputSchema,
  response: SessionSchema,
  summary: 'Start a session. Throttled per account and per client address.',
  tags: ['identity'],
});

export const logout = defineEndpoint({
  ...LOGOUT_CALL,
  response: z.object({ ok: z.literal(true) }),
  summary: 'End the current session on the server.',
  tags: ['identity'],
});

export const getCurrentUser = defineEndpoint({
  method: 'GET',
  path: '/api/web/auth/me',
  response: CurrentUserSchema,
  summary: 'The user behind the session, their active store, role and feature flags.',
  tags: ['identity'],
});

export const SwitchStoreInputSchema = z.object({ storeId: IdSchema });
export type SwitchStoreInput = z.infer<typeof SwitchStoreInputSchema>;

export const switchStore = defineEndpoint({
  method: 'POST',
  path: '/api/web/auth/switch-store',
  body: SwitchStoreInputSchema,
  response: CurrentUserSchema,
  summary: 'Act for another store this user is an accepted member of.',
  tags: ['identity'],
});
