import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds bench:web's floor page (floor-main.tsx); the bench passes --outDir. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { emptyOutDir: true, sourcemap: false },
});
