import type { SupplierSession } from '@atelier/contract/identity/partner-account';
import type { TestContext } from './test-app';

let sequence = 0;

/** The token of an invitation link `…/partner/accept-invite?token=…`. */
export const tokenOfLink = (link: string): string => new URL(link).searchParams.get('token')!;

/** Invites a new supplier member of the company and accepts through the API. */
export const aSupplierAccount = async (
  context: TestContext,
  companyId: string,
  overrides: { email?: string; password?: string; name?: string } = {},
) => {
  sequence += 1;
  const email =
    overrides.email ?? `supplier${sequence}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = overrides.password ?? 'supplier password 1';
  const { link } = await context.identity.supplierAccountService.invite(companyId, email);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/partner/auth/accept-invite',
    payload: { token: tokenOfLink(link), password, name: overrides.name ?? `Supplier ${sequence}` },
  });
  if (response.statusCode !== 200) {
    throw new Error(`accepting the invitation failed: ${response.statusCode} ${response.body}`);
  }
  const session = response.json<SupplierSession>();
  return {
    email,
    password,
    token: session.token,
    userId: session.currentSupplier.user.id,
    companyId,
    headers: { authorization: `Bearer ${session.token}` },
  };
};
