import { paths } from '../../config/paths.ts';

/** A page a first visit often lands on, and the lazily loaded modules it renders. */
export type FirstVisitPage = {
  /** The page's path, exactly as the address bar has it (no query). */
  path: string;
  /** Its lazily loaded layout and page modules, relative to apps/web. */
  modules: readonly string[];
};

/**
 * Pages a first visit most often lands on (issue 10). Their page chunks are otherwise found only
 * once the app's own chunks have loaded and run, one network round trip later. The build writes
 * the chunks these modules need, beyond what index.html already preloads, to
 * `dist/page-preloads.json` (vite.config.ts), and the server names them as
 * `<link rel="modulepreload">` in the index.html it sends for that path, so the browser fetches
 * the page together with the app. A path not listed here loads as before.
 */
export const FIRST_VISIT_PAGES: readonly FirstVisitPage[] = [
  { path: paths.login, modules: ['src/app/routes/login-page.tsx'] },
  {
    path: paths.homebase,
    modules: ['src/app/routes/app-layout.tsx', 'src/app/routes/homebase-page.tsx'],
  },
  {
    path: paths.browseSuppliers,
    modules: ['src/app/routes/app-layout.tsx', 'src/app/routes/browse-suppliers-page.tsx'],
  },
];
