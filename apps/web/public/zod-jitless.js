// Zod builds fast object parsers with `new Function`, which the server's CSP forbids
// (script-src 'self'); even its probe for eval logs a CSP violation. Zod reads this global when
// each schema is built. This classic script is the one place that sets it: it runs before any
// module script, and the app's first page loads no Zod to call z.config() with (issue 10).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
