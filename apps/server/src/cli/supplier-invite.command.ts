import { eq } from 'drizzle-orm';
import { EmailSchema } from '@atelier/contract/common/validation';
import type { Database } from '@/db/client';
import { catalogCompanies } from '@/db/schema';
import { isAppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import { createSupplierInvitations } from '@/modules/identity';

export const SUPPLIER_INVITE_USAGE = 'Usage: npm run supplier:invite -- COMPANY_ID EMAIL\n';

/** What the command prints and the exit code it ends with. */
export type CommandResult = { exitCode: number; stdout: string; stderr: string };

/**
 * The core of `npm run supplier:invite -- COMPANY_ID EMAIL`: invites the e-mail to the catalog
 * company and answers the link `${PUBLIC_URL}/partner/accept-invite?token=…` (valid 7 days;
 * inviting again replaces the token). Exit 2 for bad usage, 1 for an unknown company or an
 * already active member.
 */
export const runSupplierInvite = async (
  args: readonly string[],
  deps: { db: Database; clock: Clock; publicUrl: string },
): Promise<CommandResult> => {
  const [companyId, rawEmail, ...extra] = args;
  const email = EmailSchema.safeParse(rawEmail ?? '');
  if (!companyId || !rawEmail || extra.length > 0) {
    return { exitCode: 2, stdout: '', stderr: SUPPLIER_INVITE_USAGE };
  }
  if (!email.success) {
    return { exitCode: 2, stdout: '', stderr: `Not an e-mail address: ${rawEmail}\n` };
  }
  const invitations = createSupplierInvitations({
    ...deps,
    suppliers: {
      findSupplierName: async (id) => {
        const [row] = await deps.db
          .select({ name: catalogCompanies.name })
          .from(catalogCompanies)
          .where(eq(catalogCompanies.id, id))
          .limit(1);
        return row?.name;
      },
    },
  });
  try {
    const invitation = await invitations.invite(companyId, email.data);
    return {
      exitCode: 0,
      stdout:
        `Invited ${email.data} to ${invitation.companyName} (${companyId}).\n` +
        `Send them this link (valid until ${invitation.expiresAt.toISOString()}):\n` +
        `${invitation.link}\n`,
      stderr: '',
    };
  } catch (error) {
    if (isAppError(error)) return { exitCode: 1, stdout: '', stderr: `${error.message}\n` };
    throw error;
  }
};
