import type { AsyncRouteComponent } from '@tanstack/react-router';
import { createElement } from 'react';

/**
 * A lazily loaded page (from `lazyRouteComponent`) bound to the props its route gives it, e.g.
 * the inbox tab. It keeps the page's `preload`, so the router loads the chunk with the route's
 * data instead of suspending once it renders (issue 10).
 */
export const withPageProps = <TProps extends object>(
  Page: AsyncRouteComponent<TProps>,
  props: TProps,
): AsyncRouteComponent<object> =>
  Object.assign(() => createElement(Page, props), { preload: Page.preload });
