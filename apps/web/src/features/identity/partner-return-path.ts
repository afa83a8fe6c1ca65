import { isSafeReturnPath, paths } from '@/config/paths';

const WORKSPACE_PATH = '/partner';
// Pages a signed-in supplier has no reason to come back to after logging in.
const ENTRY_PATHS = new Set<string>([paths.partnerLogin, paths.partnerAcceptInvite]);

const pathnameOf = (href: string): string => {
  const pathname = href.split(/[?#]/, 1)[0] ?? '';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
};

/**
 * The page of the supplier workspace to return to after logging in, or `undefined` when
 * `value` is missing, leaves this site, or leads outside the workspace (a store page would only
 * ask for a store login) or back to the login or invitation page.
 */
export const findPartnerReturnPath = (value: string | undefined): string | undefined => {
  if (!value || !isSafeReturnPath(value)) return undefined;
  const pathname = pathnameOf(value);
  const isInWorkspace = pathname === WORKSPACE_PATH || pathname.startsWith(`${WORKSPACE_PATH}/`);
  return isInWorkspace && !ENTRY_PATHS.has(pathname) ? value : undefined;
};

/** Where a supplier goes once signed in: the page they came from, else the inbox. */
export const getPartnerLandingPath = (returnPath: string | undefined): string =>
  findPartnerReturnPath(returnPath) ?? paths.partnerInbox;
