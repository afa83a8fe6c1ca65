import { type ComponentType, lazy } from 'react';

/**
 * `React.lazy` for a component the page can do without (the toast host, a dialog): if its code
 * cannot be loaded (offline, a deploy replaced the chunk), it renders nothing instead of throwing
 * to the root and taking the whole app down (issue 10). Render it inside `<Suspense>`.
 */
export const lazyOrNothing = <TProps extends object = object>(
  load: () => Promise<ComponentType<TProps>>,
) =>
  lazy(() =>
    load()
      .then((component) => ({ default: component }))
      .catch(() => ({ default: (() => null) as ComponentType<TProps> })),
  );
