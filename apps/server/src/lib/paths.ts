import path from 'node:path';

/** The repository's root folder (where `data/` with the real public data sets lives). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
export const DATA_ROOT = path.join(REPO_ROOT, 'data');
