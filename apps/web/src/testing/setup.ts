import { afterEach } from 'vitest';

// Component tests only (files with the happy-dom docblock); logic tests run without a DOM.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy… and waitFor wait up to 5 s instead of 1 s: on a busy machine (CI running both
  // databases, two cores) a first render with its mocked fetch can take longer than a second.
  configure({ asyncUtilTimeout: 5_000 });
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  // happy-dom has no font loading API; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
    });
  }
}
