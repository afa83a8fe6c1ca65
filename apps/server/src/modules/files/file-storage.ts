import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** ARCHITECTURE.md §4: where uploaded bytes live (local disk by default, S3-compatible later). */
export type FileStorage = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9_]+(\/[a-z0-9_]+)*$/;

const assertKey = (key: string) => {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
};

/** Local-disk storage under `root` (`${DATA_DIR}/files`); writes are atomic (temp + rename). */
export const createLocalFileStorage = (root: string): FileStorage => {
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
};
