import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import type { Clock } from '@/lib/clock';
import { fileRoutes } from './file.routes';
import { createFileService } from './file.service';
import { createFilesExportSources } from './files.export';
import { createLocalFileStorage, type FileStorage } from './file-storage';
import { createSvgSanitizer } from './svg-sanitizer';

export type { FileStorage } from './file-storage';
export type { FileOwner } from './file.service';

export type FilesModuleDeps = {
  db: Database;
  clock: Clock;
  /** `${DATA_DIR}` (config.dataDir): local storage keeps bytes under its `files` folder. */
  dataDir: string;
  /** Another FileStorage (S3-compatible) when configured; local disk otherwise. */
  storage?: FileStorage;
};

/** Files module (issue 4): uploads of the spec §5 allowed types and safe downloads. */
export const createFilesModule = ({
  db,
  clock,
  dataDir,
  storage = createLocalFileStorage(path.join(dataDir, 'files')),
}: FilesModuleDeps) => {
  const svgSanitizer = createSvgSanitizer();
  const fileService = createFileService({ db, clock, storage, svgSanitizer });
  const routes: FastifyPluginAsyncZod = fileRoutes(fileService, svgSanitizer);
  return {
    fileService,
    storage,
    routes,
    /** The store's uploaded files (their metadata) in "Export my data". */
    exportSources: createFilesExportSources(db),
  };
};
export type FilesModule = ReturnType<typeof createFilesModule>;
