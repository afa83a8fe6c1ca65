import { isSafeReturnPath, paths } from '@/config/paths';

/** The `?redirect=` page to open after logging in, unless it is unsafe or the login page itself. */
export const safeReturnPath = (value: string | undefined): string | undefined =>
  value && isSafeReturnPath(value) && !value.startsWith(paths.login) ? value : undefined;
