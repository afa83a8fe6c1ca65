import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jsonb } from '../../db/jsonb';
import type { ExternalField } from '@atelier/contract/identity/store';
import type { FeatureFlags } from '@atelier/contract/identity/account';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    username: text('username').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_username_key').on(table.username),
  ],
);

export const stores = pgTable('stores', {
  id: text('id').primaryKey(),
  ownerUserId: text('owner_user_id')
    .notNull()
    .references(() => users.id),
  title: text('title').notNull(),
  email: text('email').notNull(),
  planType: text('plan_type', { enum: ['TIER_1', 'TIER_2', 'TIER_2_5', 'TIER_3'] })
    .notNull()
    .default('TIER_1'),
  accountType: text('account_type', { enum: ['CREATOR', 'SMB', 'UNDECIDED'] }).notNull(),
  usageStyle: text('usage_style', {
    enum: ['WITH_AI_ASSISTANTS', 'USE_THE_TOOLS_MYSELF'],
  }).notNull(),
  avatarUrl: text('avatar_url'),
  externalFields: jsonb('external_fields').$type<ExternalField[]>().notNull().default([]),
  featureFlags: jsonb('feature_flags').$type<FeatureFlags>().notNull(),
  blueprintSubscriptionId: text('blueprint_subscription_id'),
  blueprintSubscriptionStatus: text('blueprint_subscription_status'),
  blueprintSubscriptionPausedAt: timestamp('blueprint_subscription_paused_at', {
    withTimezone: true,
  }),
  blueprintSubscriptionResumesAt: timestamp('blueprint_subscription_resumes_at', {
    withTimezone: true,
  }),
  blueprintSubscriptionBehavior: text('blueprint_subscription_behavior'),
  ...timestamps,
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'CX'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'ACCEPTED'] }).notNull(),
    invitedByUserId: text('invited_by_user_id').references(() => users.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('team_members_store_email_key').on(table.storeId, table.email),
    index('team_members_email_idx').on(table.email),
    index('team_members_user_idx').on(table.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The store a creator-side session acts for; null for a supplier session. */
    storeId: text('store_id').references(() => stores.id),
    /** The catalog company a supplier session acts for; null for a store session. */
    companyId: text('company_id'),
    /** SHA-256 of the current bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The token replaced at the last renewal stays valid briefly, for requests in flight. */
    previousTokenHash: text('previous_token_hash'),
    previousTokenValidUntil: timestamp('previous_token_valid_until', {
      withTimezone: true,
      mode: 'date',
    }),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_previous_token_hash_idx')
      .on(table.previousTokenHash)
      .where(sql`${table.previousTokenHash} IS NOT NULL`),
    index('sessions_user_idx').on(table.userId),
    // A session acts for exactly one party: a store or a supplier company.
    check(
      'sessions_one_party_check',
      sql`(${table.storeId} IS NULL) <> (${table.companyId} IS NULL)`,
    ),
  ],
);

/**
 * People of a catalog company (supplier side of the chat). Invited by the platform (CLI); the
 * invitation link sets their password, and they log in like any user with a supplier session.
 */
export const supplierMembers = pgTable(
  'supplier_members',
  {
    id: text('id').primaryKey(),
    /** A catalog company (catalog module); checked when inviting, like chat's company ids. */
    companyId: text('company_id').notNull(),
    /** Null until the invitation is accepted. */
    userId: text('user_id').references(() => users.id),
    email: text('email').notNull(),
    status: text('status', { enum: ['INVITED', 'ACTIVE'] }).notNull(),
    /** SHA-256 of the invitation token; cleared once accepted. */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('supplier_members_company_email_key').on(table.companyId, table.email),
    uniqueIndex('supplier_members_invite_token_hash_key').on(table.inviteTokenHash),
    index('supplier_members_user_idx').on(table.userId),
  ],
);

/**
 * Failed logins per throttle key in an hour's window: "account:<email>", "address:<ip>" or
 * "account-address:<ip>|<email>" (see login-throttle.ts). An attempt counts here from the moment
 * it is claimed, before the password is checked; a right password gives it back.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failureCount: integer('failure_count').notNull(),
  /** Consecutive failures since the last success; drives the exponential delay. */
  consecutiveCount: integer('consecutive_count').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
  isLocked: boolean('is_locked').notNull().default(false),
  /**
   * The last right password on an account-address key: the address has a good history with the
   * account, so only that key throttles it (null on other keys and before any success).
   */
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
});
