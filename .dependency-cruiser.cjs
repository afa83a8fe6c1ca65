/**
 * Import rules of STYLE.md §2–§3, checked by `npm run lint:deps` (part of `npm run check`):
 * no cycles; the apps never import each other; the contract imports neither app; server modules
 * reach other modules only through their index.ts (never their tables) and never the plugin layer;
 * web imports flow shared → features → app, and a feature never imports another.
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'apps-stay-apart',
      severity: 'error',
      from: { path: '^apps/server' },
      to: { path: '^apps/web' },
    },
    {
      name: 'web-stays-out-of-server',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: '^apps/server' },
    },
    {
      name: 'contract-depends-on-zod-only',
      severity: 'error',
      from: { path: '^packages/contract' },
      to: { path: '^apps/' },
    },
    {
      name: 'module-public-surface',
      comment: 'Another module is reached only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'modules-not-into-plugins',
      comment: 'Modules serve any host: the plugin layer wires them, never the other way.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'web-feature-not-into-feature',
      comment: 'STYLE.md §3: a feature never imports another; the route composes them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-not-into-app',
      severity: 'error',
      from: { path: '^apps/web/src/(features|components|lib|config)/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-not-into-features',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'dist', '\\.data'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
