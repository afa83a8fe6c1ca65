import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Where `vite` (dev) and `vite preview` send API and socket calls: the server, on :3000 by default. */
const apiTarget = process.env.ATELIER_API_URL ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
};

export default defineConfig({
  plugins: [
    react(),
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
  },
});
