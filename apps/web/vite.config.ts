import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { FIRST_VISIT_PAGES } from './src/app/routes/first-visit-pages.ts';

/** Where `vite` (dev) and `vite preview` send API and socket calls: the server, on :3000 by default. */
const apiTarget = process.env.ATELIER_API_URL ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
};

/**
 * Writes `page-preloads.json`: for each of FIRST_VISIT_PAGES, the chunks (as `/assets/...`
 * addresses) its modules need beyond what index.html already preloads, in load order. The server
 * names them as modulepreload links in the index.html of that path (issue 10). Fails the build if
 * a listed module is not in any chunk (renamed or no longer lazy).
 */
const pagePreloads = (): Plugin => ({
  name: 'atelier-page-preloads',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunkOf = (fileName: string) => {
      const output = bundle[fileName];
      return output?.type === 'chunk' ? output : undefined;
    };
    /** A chunk and everything it statically imports, depth first. */
    const withImports = (fileName: string, into: Set<string>) => {
      if (into.has(fileName)) return into;
      into.add(fileName);
      for (const imported of chunkOf(fileName)?.imports ?? []) withImports(imported, into);
      return into;
    };
    const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
    const inIndexHtml = new Set<string>();
    for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, inIndexHtml);
    const preloads: Record<string, string[]> = {};
    for (const page of FIRST_VISIT_PAGES) {
      const files = new Set<string>();
      for (const module of page.modules) {
        const id = path.resolve(import.meta.dirname, module);
        const chunk =
          chunks.find((candidate) => candidate.facadeModuleId === id) ??
          chunks.find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) this.error(`page-preloads: ${module} (${page.path}) is in no chunk.`);
        withImports(chunk.fileName, files);
      }
      preloads[page.path] = [...files]
        .filter((fileName) => !inIndexHtml.has(fileName))
        .map((fileName) => `/${fileName}`);
    }
    this.emitFile({
      type: 'asset',
      fileName: 'page-preloads.json',
      source: `${JSON.stringify(preloads, null, 2)}\n`,
    });
  },
});

export default defineConfig({
  plugins: [
    react(),
    pagePreloads(),
    // Every text file of the build gets .br and .gz copies beside it, compressed once at the
    // highest levels; the server sends the one the browser accepts (issue 10).
    compression({
      include: /\.(html|js|mjs|css|json|svg|txt|xml|webmanifest)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  server: {
    port: 5173,
    proxy,
  },
  preview: {
    port: 4173,
    proxy,
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    // Source maps stay out of production: nothing to serve, nothing to leak (issue 10).
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Mantine's hooks and shared internals (and the inputs every form uses) in one chunk
          // instead of some 25 files of a few hundred bytes each: every page needs most of them,
          // and under HTTP/1.1 each file waits for one of the browser's six connections, the
          // first API call behind them. bench:web (issue 10): /browse-suppliers went from 117 to
          // 92 files and 92-94 to 95 desktop performance; /login and /homebase gained ~5 KB gzip.
          groups: [
            {
              name: 'mantine-base',
              test: /node_modules[\\/]@mantine[\\/](hooks|core[\\/]esm[\\/](core|utils))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
