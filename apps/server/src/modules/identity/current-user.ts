import type { CurrentUser, FeatureFlags, TeamRole } from '@atelier/contract/identity/account';
import type { StoreRow } from './store.repository';
import type { TeamMemberWithStore } from './team.repository';
import type { UserRow } from './user.repository';

/** Flags a new store starts with: every module of a self-hosted install is on. */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  analyticsAccess: true,
  fulfillmentMetrics: true,
  productDesign: true,
  emailCapture: true,
  fulfillment: true,
};

export const toCurrentUser = (
  user: UserRow,
  store: StoreRow,
  role: TeamRole,
  memberships: TeamMemberWithStore[],
  isPreviewAccount: boolean,
): CurrentUser => ({
  user: { id: user.id, email: user.email, name: user.name, username: user.username },
  store: {
    id: store.id,
    title: store.title,
    planType: store.planType,
    isPreviewAccount,
    accountType: store.accountType,
    usageStyle: store.usageStyle,
  },
  role,
  featureFlags: { ...DEFAULT_FEATURE_FLAGS, ...store.featureFlags },
  memberships: memberships.map((membership) => ({
    storeId: membership.storeId,
    storeTitle: membership.storeTitle,
    role: membership.role,
  })),
});
