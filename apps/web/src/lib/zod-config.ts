import { z } from 'zod';

// Zod compiles fast object parsers with `new Function`, which the server's CSP forbids (script-src
// 'self', no 'unsafe-eval'); even its probe for eval logs a CSP violation on every page load.
// main.tsx imports this first; in the code-split build some schemas are built before it runs, so
// public/zod-jitless.js (a classic script in index.html) sets the same flag before any module.
z.config({ jitless: true });
