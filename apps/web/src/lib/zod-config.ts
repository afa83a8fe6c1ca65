import { z } from 'zod';

// Zod compiles fast object parsers with `new Function`, which the server's CSP forbids (script-src
// 'self', no 'unsafe-eval'); even its probe for eval logs a CSP violation on every page load.
// main.tsx imports this first, before any schema is built: Zod reads the flag per schema.
z.config({ jitless: true });
