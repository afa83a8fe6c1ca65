// Zod builds fast object parsers with `new Function`, which the server's CSP forbids
// (script-src 'self'); even its probe for eval logs a CSP violation. Zod reads this global when
// each schema is built, and the code-split bundle builds some schemas before any module of ours
// could call z.config(), so this classic script sets it first: it runs before module scripts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
