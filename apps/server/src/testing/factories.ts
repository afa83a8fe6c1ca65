import type { RegisterInput } from '@atelier/contract/identity/account';
import type { TestContext } from './test-app';

let sequence = 0;

/** Registration input with unique e-mail and store title; override any field. */
export const aRegistration = (overrides: Partial<RegisterInput> = {}): RegisterInput => {
  sequence += 1;
  return {
    email: `creator${sequence}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    password: 'correct horse battery',
    storeTitle: `Studio ${sequence}`,
    name: `Creator ${sequence}`,
    accountType: 'CREATOR',
    usageStyle: 'USE_THE_TOOLS_MYSELF',
    ...overrides,
  };
};

/** Registers through the API and returns the token and the answer body. */
export const registerAccount = async (
  context: TestContext,
  overrides: Partial<RegisterInput> = {},
) => {
  const input = aRegistration(overrides);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/web/auth/register',
    payload: input,
  });
  if (response.statusCode !== 201) {
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{
    token: string;
    currentUser: { user: { id: string }; store: { id: string } };
  }>();
  return {
    input,
    token: body.token,
    userId: body.currentUser.user.id,
    storeId: body.currentUser.store.id,
    headers: { authorization: `Bearer ${body.token}` },
  };
};

/** A store account as `registerAccount` answers it. */
export type StoreAccount = Awaited<ReturnType<typeof registerAccount>>;
