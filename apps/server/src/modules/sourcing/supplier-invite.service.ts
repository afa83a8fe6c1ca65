import type {
  SupplierInvite,
  SupplierInviteInput,
} from '@atelier/contract/sourcing/supplier-invite';
import type { Database } from '@/db/client';
import type { Actor } from '@/lib/actor';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/ids';
import type { Notifier } from '@/modules/notifications';
import {
  createSupplierInviteRepository,
  type SupplierInviteRow,
} from './supplier-invite.repository';

/** How sourcing learns a store's title, given by the identity module in app.ts. */

type SupplierInviteServiceDeps = {
  db: Database;
  clock: Clock;
  notifier: Notifier;
  /** Where the platform team reads invites (config PLATFORM_TEAM_EMAIL). */
  platformTeamEmail: string;
};

export const SUPPLIER_INVITED_KIND = 'supplier.invited';

// A subject is one header line: user text must not break it.
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The platform team's e-mail about an invite (spec §7: creator title and id, supplier details). */
export const supplierInviteEmail = (
  invite: SupplierInviteInput,
  creator: { storeTitle: string; storeId: string; userEmail: string },
) => ({
  subject: `Supplier invite: ${oneLine(invite.name)} (from ${oneLine(creator.storeTitle)})`,
  body: [
    'A creator invited their own supplier to Atelier.',
    '',
    `Creator store: ${creator.storeTitle}`,
    `Store id: ${creator.storeId}`,
    `Invited by: ${creator.userEmail}`,
    '',
    `Supplier name: ${invite.name}`,
    `Website: ${invite.website}`,
    `E-mail: ${invite.email}`,
    `Phone: ${invite.phoneNumber}`,
  ].join('\n'),
});

const toSupplierInvite = (row: SupplierInviteRow): SupplierInvite => ({
  id: row.id,
  name: row.name,
  website: row.website,
  email: row.email,
  phoneNumber: row.phoneNumber,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Supplier invites (spec §3, §7 `POST /web/supplier-invites`): a creator brings their own
 * supplier; the invite is stored for the store and the platform team is told by e-mail.
 */
export const createSupplierInviteService = ({
  db,
  clock,
  notifier,
  platformTeamEmail,
}: SupplierInviteServiceDeps) => {
  const repository = createSupplierInviteRepository(db);

  return {
    /**
     * Stores the invite and, in the same transaction, queues the `supplier.invited` e-mail to
     * the platform team (notification outbox), so neither exists without the other.
     */
    async createSupplierInvite(actor: Actor, input: SupplierInviteInput): Promise<SupplierInvite> {
      const { storeTitle } = actor;
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const inserted = await createSupplierInviteRepository(tx).insert({
          id: newId('sinv'),
          storeId: actor.storeId,
          invitedByUserId: actor.userId,
          ...input,
          createdAt: now,
        });
        const email = supplierInviteEmail(input, {
          storeTitle,
          storeId: actor.storeId,
          userEmail: actor.email,
        });
        // Platform-team mail carries no store id (notification_outbox.store_id): it is not the
        // store's own message to read; the body names the store.
        await notifier.sendEmail(
          { to: platformTeamEmail, ...email, kind: SUPPLIER_INVITED_KIND, storeId: null },
          tx,
        );
        return inserted;
      });
      return toSupplierInvite(row);
    },

    /** The store's invites, newest first. */
    async listSupplierInvites(actor: Actor): Promise<SupplierInvite[]> {
      return (await repository.listForStore(actor.storeId)).map(toSupplierInvite);
    },
  };
};
export type SupplierInviteService = ReturnType<typeof createSupplierInviteService>;
