import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { hasChromium } from './browser';
import { REPO_ROOT, WEB_DIR, WEB_DIST_INDEX } from './paths';
import { startServer } from './server';

const newestChange = (entry: string): number => {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...readdirSync(entry).map((child) => newestChange(path.join(entry, child))),
  );
};

/** The server serves apps/web/dist: build it when missing or older than the web sources. */
const buildWebApp = () => {
  const sources = ['src', 'index.html', 'vite.config.ts', 'public'].map((entry) =>
    path.join(WEB_DIR, entry),
  );
  const sourceTime = Math.max(...sources.filter(existsSync).map(newestChange));
  const isFresh = existsSync(WEB_DIST_INDEX) && statSync(WEB_DIST_INDEX).mtimeMs >= sourceTime;
  if (isFresh && process.env.E2E_REBUILD !== '1') return;

  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${result.status}`);
};

/**
 * Builds the web app, then (on the embedded database, where Chromium can run the journeys) starts
 * the server once on a new data directory and stops it: each journey's server starts on a copy of
 * it, its migrations and reference data already in place. Removed at the end of the run.
 */
export default async function setup(project: TestProject) {
  buildWebApp();
  project.provide('serverTemplateDataDir', '');
  if (process.env.DATABASE_URL || !hasChromium) return;
  const template = await startServer({ fresh: true });
  await template.stop();
  project.provide('serverTemplateDataDir', template.dataDir);
  return async () => {
    await rm(template.dataDir, { recursive: true, force: true });
  };
}
