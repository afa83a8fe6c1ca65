import { existsSync, readFileSync, statSync } from 'node:fs';
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

/** Where `page-preloads.json` may point: the build's own hashed scripts, nothing else. */
const PRELOADABLE = /^\/assets\/[\w.-]+\.js$/;

/**
 * The index.html of each path the build lists in `page-preloads.json` (apps/web vite.config.ts,
 * FIRST_VISIT_PAGES): the app shell with a `<link rel="modulepreload">` per chunk of that page,
 * so a first visit fetches the page's code together with the app's instead of one round trip
 * later (issue 10). Empty when the build wrote no such file or it is unreadable; entries that
 * are not the build's scripts are ignored.
 */
const readPageShells = (distDir: string, indexHtml: string): Map<string, string> => {
  const shells = new Map<string, string>();
  const file = path.join(distDir, 'page-preloads.json');
  if (!existsSync(file) || !indexHtml.includes('</head>')) return shells;
  let preloads: unknown;
  try {
    preloads = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return shells;
  }
  if (typeof preloads !== 'object' || preloads === null) return shells;
  for (const [pagePath, files] of Object.entries(preloads)) {
    if (!Array.isArray(files)) continue;
    const links = files
      .filter((href): href is string => typeof href === 'string' && PRELOADABLE.test(href))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
    if (links.length > 0)
      shells.set(pagePath, indexHtml.replace('</head>', `${links.join('')}</head>`));
  }
  return shells;
};

/**
 * Serves the built web app on the API's port: files from `dist/`, and `index.html` for every
 * other non-API path so client routes survive a reload (SPA fallback).
 * Text files are sent from the .br or .gz copy the build wrote beside them when the request's
 * Accept-Encoding allows (brotli first, then gzip, else the file itself), with
 * `Vary: Accept-Encoding` (issue 10). Source maps are refused even if one lands in `dist/`.
 * The shell of a first-visit page also names that page's chunks (see readPageShells).
 */
export const registerWebApp = async (app: FastifyInstance, distDir: string) => {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = existsSync(indexPath);
  // Read again when index.html changes (a rebuild while the server runs names new chunks).
  let pageShells = { builtAt: -1, shells: new Map<string, string>() };
  // Paths any build listed: only their requests look at index.html's time, not every page's.
  const listedPaths = new Set<string>();
  const pageShellFor = (urlPath: string): string | undefined => {
    if (pageShells.builtAt !== -1 && !listedPaths.has(urlPath)) return undefined;
    const builtAt = statSync(indexPath, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (builtAt !== pageShells.builtAt) {
      const indexHtml = builtAt === -1 ? '' : readFileSync(indexPath, 'utf8');
      pageShells = { builtAt, shells: readPageShells(distDir, indexHtml) };
      for (const listed of pageShells.shells.keys()) listedPaths.add(listed);
    }
    return pageShells.shells.get(urlPath);
  };
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
    /** Answers a non-API path nobody else matched (`urlPath`: the path, without the query). */
    sendAppShell(reply: FastifyReply, urlPath: string) {
      if (!hasBuild) return reply.status(200).type('text/html').send(NOT_BUILT_PAGE);
      // index.html names the current hashed assets, so browsers must revalidate it.
      const pageShell = pageShellFor(urlPath);
      if (pageShell !== undefined) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(pageShell);
      }
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', distDir, { cacheControl: false });
    },
  };
};
