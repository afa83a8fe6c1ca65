import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';

/**
 * bench:web's floor server, run in its own process: `node floor-server.ts DIST_DIR`. Serves the
 * floor page's build as the app's server serves the app (brotli at quality 11, long-lived
 * caching of /assets, index.html for every other path) plus `/greeting.json`, and prints
 * `listening on http://127.0.0.1:PORT` once it is.
 */
const distDir = path.resolve(process.argv[2] ?? '');
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};
const files = new Map<string, { body: Buffer; type: string }>();
const addFile = (urlPath: string, body: Buffer, type: string) =>
  files.set(urlPath, {
    body: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    type,
  });
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else {
      const urlPath = `/${path.relative(distDir, full).split(path.sep).join('/')}`;
      addFile(urlPath, readFileSync(full), types[path.extname(name)] ?? 'application/octet-stream');
    }
  }
};
walk(distDir);
addFile('/greeting.json', Buffer.from(JSON.stringify({ name: 'Floor' })), types['.json']!);

const server = createServer((request, response) => {
  const urlPath = (request.url ?? '/').split('?', 1)[0]!;
  const file = files.get(urlPath) ?? files.get('/index.html')!;
  response.writeHead(200, {
    'content-type': file.type,
    'content-encoding': 'br',
    'cache-control': urlPath.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  });
  response.end(file.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') {
    process.stdout.write(`listening on http://127.0.0.1:${address.port}\n`);
  }
});
