import { isRedirect } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { subscriptionRoutes } from './subscription-routes';

/** Where a route's beforeLoad sends the user (the redirect it throws). */
const redirectOf = (path: string): string | undefined => {
  const route = subscriptionRoutes.find(
    (entry) => (entry.options as { path?: string }).path === path,
  );
  try {
    (route?.options.beforeLoad as (() => unknown) | undefined)?.();
  } catch (thrown) {
    if (isRedirect(thrown)) return thrown.options.href;
    throw thrown;
  }
  return undefined;
};

describe('subscription routes', () => {
  it('open the plan modal over /homebase at the billing cycle change and the downgrade', () => {
    expect(redirectOf('/homebase/subscription-cycle-change')).toBe(
      '/homebase?dialog=manage_plan&step=cycle-change',
    );
    expect(redirectOf('/homebase/subscription-downgrade')).toBe(
      '/homebase?dialog=manage_plan&step=downgrade',
    );
  });

  it('show the confirmation page at /homebase/subscription-updated', () => {
    expect(redirectOf('/homebase/subscription-updated')).toBeUndefined();
  });
});
