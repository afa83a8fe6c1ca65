import type { Database } from '@/db/client';
import { createLoginFailureRepository } from './login-failure.repository';
import { createSessionRepository } from './session.repository';
import { createStoreRepository } from './store.repository';
import { createSupplierMemberRepository } from './supplier-member.repository';
import { createTeamRepository } from './team.repository';
import { createUserRepository } from './user.repository';

/** Every identity repository on one handle (the root database or a transaction). */
export const createIdentityRepositories = (db: Database) => ({
  users: createUserRepository(db),
  stores: createStoreRepository(db),
  team: createTeamRepository(db),
  sessions: createSessionRepository(db),
  loginFailures: createLoginFailureRepository(db),
  supplierMembers: createSupplierMemberRepository(db),
});
export type IdentityRepositories = ReturnType<typeof createIdentityRepositories>;
