import { AppError } from '@/lib/app-error';

/** 404 for a part of analytics that is not built yet (issue 14 lands in parts). */
export const notBuilt = (what: string) =>
  new AppError('not_found', `${what} is not built yet.`, { reason: 'analytics_not_built' });
