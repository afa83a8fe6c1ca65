import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>Atelier</title>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto">
<h1>Atelier's API is running</h1>
<p>The web app has not been built yet. Run <code>npm start</code> (which builds it) or
<code>npm run build</code>, then reload this page. The API docs are at <a href="/api/docs">/api/docs</a>.</p>`;

/**
 * Paths that name a file of the build rather than a page: hashed assets, and source maps, which
 * are never served in production (issue 10). A miss on one is a 404, not the app shell.
 */
const isBuildFilePath = (urlPath: string): boolean =>
  urlPath.startsWith('/assets/') || urlPath.endsWith('.map');

/**
 * Serves the built web app on the API's port: files from `dist/`, and `index.html` for every
 * other non-API path so client routes survive a reload (SPA fallback).
 * Text files are sent from the .br or .gz copy the build wrote beside them when the request's
 * Accept-Encoding allows (brotli first, then gzip, else the file itself), with
 * `Vary: Accept-Encoding` (issue 10). Source maps are refused even if one lands in `dist/`.
 */
export const registerWebApp = async (app: FastifyInstance, distDir: string) => {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders: (reply, filePath) => {
        // Vite puts a content hash in every asset's name, so assets never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  return {
    isBuildFilePath,
    /** Answers a non-API path nobody else matched. */
    sendAppShell(reply: FastifyReply) {
      if (!hasBuild) return reply.status(200).type('text/html').send(NOT_BUILT_PAGE);
      // index.html names the current hashed assets, so browsers must revalidate it.
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', distDir, { cacheControl: false });
    },
  };
};
