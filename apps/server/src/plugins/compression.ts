import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Media types compressed on the fly besides those mime-db marks compressible: text (not
 * server-sent events), JSON and XML. Octet-streams are left out on purpose (unlike the plugin's
 * default): a download of unknown type is often an archive, already compressed.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

/**
 * Compresses the answers of routes (API JSON, file downloads of text types) above 1 KB with
 * @fastify/compress, by the request's Accept-Encoding: brotli first, then gzip, and never for a
 * client that does not ask (issue 10). The app shell and the build's files are sent from the
 * .br/.gz copies the build wrote (see web-app.ts), so they cost no compression per request. Levels stay cheap (brotli 4, gzip 6) so the search
 * API keeps its throughput. Answers already encoded (the build's .br/.gz files) pass untouched,
 * and so do images and archives (mime-db: not compressible). Socket.IO is served by engine.io
 * before Fastify, so its traffic never reaches this hook.
 */
export const registerCompression = async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: COMPRESSIBLE_TYPES,
  });
};
