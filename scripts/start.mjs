// `npm start`: builds the web app when its sources changed since the last build, then runs the
// server (API + web app + embedded database) on one port. Runs on the Node.js pinned in
// package.json (npm puts node_modules/.bin first on PATH).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(
    `Atelier needs Node.js 24; this is ${process.version}. Run it through npm (npm start), ` +
      'which uses the Node.js 24 that `npm ci` installed.',
  );
  process.exit(1);
}

const newestMtime = (target) => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
};

const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');
const sourcesChanged =
  !existsSync(builtIndex) ||
  Math.max(
    newestMtime(path.join(webDir, 'src')),
    newestMtime(path.join(webDir, 'index.html')),
    newestMtime(path.join(webDir, 'vite.config.ts')),
    newestMtime(path.join(root, 'packages/contract/src')),
  ) > statSync(builtIndex).mtimeMs;

if (sourcesChanged && process.env.SKIP_WEB_BUILD !== 'true') {
  console.log('Building the web app (only when its sources changed)…');
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  bin('tsx'),
  [
    '--tsconfig',
    path.join(root, 'apps/server/tsconfig.json'),
    path.join(root, 'apps/server/src/server.ts'),
  ],
  { stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
