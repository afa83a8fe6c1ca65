import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { createTableExportSource, type ExportSource } from '@/modules/jobs';
import { stores, teamMembers, users } from './identity.table';

/** A small per-store list read whole (at most a few dozen rows), as one page. */
const wholeListSource = (
  table: string,
  columns: readonly string[],
  read: (storeId: string) => Promise<Record<string, unknown>[]>,
): ExportSource => ({
  table,
  columns,
  countRows: async (storeId) => (await read(storeId)).length,
  listRows: async (storeId, after) => ({ rows: after ? [] : await read(storeId), next: null }),
});

/**
 * "Export my data" tables of the identity module (issue 8): the store, its users and team
 * members, feature flags and external fields. Never password hashes, sessions or tokens.
 */
export const createIdentityExportSources = (db: Database): ExportSource[] => [
  createTableExportSource(db, {
    table: 'stores',
    from: stores,
    columns: {
      id: stores.id,
      owner_user_id: stores.ownerUserId,
      title: stores.title,
      email: stores.email,
      plan_type: stores.planType,
      account_type: stores.accountType,
      usage_style: stores.usageStyle,
      avatar_url: stores.avatarUrl,
      blueprint_subscription_id: stores.blueprintSubscriptionId,
      blueprint_subscription_status: stores.blueprintSubscriptionStatus,
      blueprint_subscription_paused_at: stores.blueprintSubscriptionPausedAt,
      blueprint_subscription_resumes_at: stores.blueprintSubscriptionResumesAt,
      blueprint_subscription_behavior: stores.blueprintSubscriptionBehavior,
      created_at: stores.createdAt,
      updated_at: stores.updatedAt,
    },
    ofStore: (storeId) => eq(stores.id, storeId),
    keys: [stores.id],
  }),
  createTableExportSource(db, {
    table: 'users',
    from: users,
    columns: {
      id: users.id,
      email: users.email,
      name: users.name,
      username: users.username,
      created_at: users.createdAt,
      updated_at: users.updatedAt,
    },
    // The store's people: its owner and its team members (other stores' users never).
    ofStore: (storeId) =>
      sql`${users.id} IN (
        SELECT ${teamMembers.userId} FROM ${teamMembers} WHERE ${teamMembers.storeId} = ${storeId}
        UNION SELECT ${stores.ownerUserId} FROM ${stores} WHERE ${stores.id} = ${storeId}
      )`,
    keys: [users.id],
  }),
  createTableExportSource(db, {
    table: 'team_members',
    from: teamMembers,
    columns: {
      id: teamMembers.id,
      email: teamMembers.email,
      user_id: teamMembers.userId,
      role: teamMembers.role,
      status: teamMembers.status,
      invited_by_user_id: teamMembers.invitedByUserId,
      accepted_at: teamMembers.acceptedAt,
      created_at: teamMembers.createdAt,
      updated_at: teamMembers.updatedAt,
    },
    ofStore: (storeId) => eq(teamMembers.storeId, storeId),
    keys: [teamMembers.id],
  }),
  wholeListSource('store_feature_flags', ['name', 'value'], (storeId) =>
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT flag.key AS name, flag.value
        FROM ${stores}, jsonb_each(${stores.featureFlags}) AS flag
        WHERE ${stores.id} = ${storeId} ORDER BY flag.key`,
    ),
  ),
  wholeListSource('store_external_fields', ['name', 'value'], (storeId) =>
    queryRows<Record<string, unknown>>(
      db,
      sql`SELECT field->>'name' AS name, field->>'value' AS value
        FROM ${stores}, jsonb_array_elements(${stores.externalFields}) WITH ORDINALITY AS f(field, position)
        WHERE ${stores.id} = ${storeId} ORDER BY f.position`,
    ),
  ),
];
