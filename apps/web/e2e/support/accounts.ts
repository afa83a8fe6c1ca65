import type { Page } from 'playwright-core';
import { waitForPageRendered } from './browser';

export type NewAccount = {
  email: string;
  password: string;
  storeTitle: string;
  name: string;
};

let sequence = 0;

export const aNewAccount = (overrides: Partial<NewAccount> = {}): NewAccount => {
  sequence += 1;
  return {
    email: `maker${Date.now()}${sequence}@example.com`,
    password: 'correct-horse-battery',
    storeTitle: 'Juniper & Oak',
    name: 'Ada Maker',
    ...overrides,
  };
};

/** Registers through the API and returns the session token. */
export const registerByApi = async (baseUrl: string, account: NewAccount): Promise<string> => {
  const response = await fetch(`${baseUrl}/api/web/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...account,
      accountType: 'CREATOR',
      usageStyle: 'USE_THE_TOOLS_MYSELF',
    }),
  });
  if (response.status !== 201) {
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  }
  const session = (await response.json()) as { token: string };
  return session.token;
};

/** Where the web app keeps the bearer token (apps/web/src/lib/session-token.ts). */
export const SESSION_TOKEN_KEY = 'atelier.sessionToken';

/** Makes the page's origin hold a session token before any app code runs. */
export const useSessionToken = async (page: Page, baseUrl: string, token: string) => {
  await page.goto(`${baseUrl}/404`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_TOKEN_KEY,
    token,
  ] as const);
};

/** The seeded demo supplier's user (README "Supplier workspace") and the company it answers for. */
export const DEMO_SUPPLIER = {
  email: 'supplier@atelier.local',
  password: 'atelier-supplier',
  companyId: 'cmp_a08a6f0d5fcd379a',
};

/** Signs the demo supplier in through /partner/login; resolves once its inbox is open. */
export const logInAsDemoSupplier = async (page: Page, baseUrl: string) => {
  await page.goto(`${baseUrl}/partner/login`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(DEMO_SUPPLIER.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_SUPPLIER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/partner/inbox');
  await waitForPageRendered(page);
};
