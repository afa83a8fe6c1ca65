import type { TeamRole } from '@atelier/contract/identity/account';
import type { PlanType } from '@atelier/contract/identity/plans';
import { AppError } from './app-error';

/** Who is calling: the signed-in user acting for one store, with their role there. */
export type Actor = {
  userId: string;
  email: string;
  /** Display name (chat author name), read with the session. */
  name: string;
  storeId: string;
  /** The store's title, read with the session (review and invitation author name). */
  storeTitle: string;
  role: TeamRole;
  sessionId: string;
  planType: PlanType;
  isPreviewAccount: boolean;
};

/** A supplier on a partner route: a member of one catalog company (`customer_{companyId}`). */
export type SupplierActor = {
  userId: string;
  email: string;
  /** Display name (chat author name), read with the session. */
  name: string;
  companyId: string;
  sessionId: string;
};

/** Throws `forbidden` unless the actor has one of the roles. */
export const requireRole = (actor: Actor, ...roles: TeamRole[]): void => {
  if (!roles.includes(actor.role)) {
    throw new AppError('forbidden', 'Your role in this store does not allow this action.', {
      reason: 'role_not_allowed',
    });
  }
};

/** Client details recorded with a session and used for throttling. */
export type ClientInfo = { address: string; userAgent: string | undefined };
