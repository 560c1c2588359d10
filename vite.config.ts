import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    // two pages: the app (index.html) and the team server's sign-in pages (team.html: /login, /invite, /)
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./renderer/index.html', import.meta.url)),
        team: fileURLToPath(new URL('./renderer/team.html', import.meta.url)),
      },
    },
  },
});
