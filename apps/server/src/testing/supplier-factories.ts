import type { SupplierSession } from '@atelier/contract/identity/partner-account';
import { createCatalogFactories } from './catalog-factories';
import { registerAccount } from './factories';
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
export type SupplierAccount = Awaited<ReturnType<typeof aSupplierAccount>>;

/**
 * Two demo supplier companies named as given (`company`, `otherCompany`), one member account each
 * (`supplier`, `otherSupplier`), and a store account (`store`); `factories` makes more rows.
 */
export const twoSuppliersAndAStore = async (
  context: TestContext,
  names: { company: string; otherCompany: string },
) => {
  const factories = createCatalogFactories(context.connection.db);
  const company = await factories.aSupplier({ name: names.company });
  const otherCompany = await factories.aSupplier({ name: names.otherCompany });
  const supplier = await aSupplierAccount(context, company.id);
  const otherSupplier = await aSupplierAccount(context, otherCompany.id);
  const store = await registerAccount(context);
  return { factories, company, otherCompany, supplier, otherSupplier, store };
};
