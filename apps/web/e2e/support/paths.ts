import path from 'node:path';

export const WEB_DIR = path.resolve(import.meta.dirname, '../..');
export const REPO_ROOT = path.resolve(WEB_DIR, '../..');
export const WEB_DIST_INDEX = path.join(WEB_DIR, 'dist', 'index.html');
export const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
