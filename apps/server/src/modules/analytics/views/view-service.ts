import { analyticsViewOf } from '@atelier/contract/analytics/views';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import type { PredictiveService, ViewService } from '../analytics.services';
import { notBuilt } from '../not-built';
import { computerOf } from './registry';
import { buildViewScope } from './scope';

/**
 * Issue 14, spec §2 Analytics routes: computes one view of a store over a range of store-local
 * days. Builds the scope (scope.ts: main currency, time zone, range, comparison), runs the view's
 * computer (registry.ts) and wraps its body with the view's title and one-line definition (the
 * contract's registry), the ranges, currency, time zone and computedAt. A view not built yet is
 * 404 `analytics_not_built`; a bad range is 400 naming the parameter.
 */
export const createViewService = (deps: {
  db: Database;
  clock: Clock;
  predictive: PredictiveService;
}): ViewService => ({
  async compute(storeId, view, query) {
    const computer = computerOf(view);
    const definition = analyticsViewOf(view);
    if (!computer || !definition) throw notBuilt(`The ${view} view`);
    const now = deps.clock.now();
    const scope = await buildViewScope(
      { db: deps.db, now, predictive: deps.predictive },
      storeId,
      query,
    );
    const body = await computer(scope);
    return {
      view,
      title: definition.title,
      definition: definition.definition,
      currencyCode: scope.currencyCode,
      timeZone: scope.timeZone,
      range: { from: scope.range.from, to: scope.range.to },
      compare: scope.compare ? { from: scope.compare.from, to: scope.compare.to } : null,
      ...body,
      computedAt: now.toISOString(),
    };
  },
});
