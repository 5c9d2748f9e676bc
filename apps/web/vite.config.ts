import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `npm run dev -w @osp/web` talks to a server started separately on its default port. */
const API_SERVER = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': API_SERVER,
      '/oa': API_SERVER,
      '/account': API_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // packages/shared holds only declarations, so a module of it the app does not use (the
        // zod request schemas the server validates with) can be left out of the bundle.
        moduleSideEffects: (id) => !id.includes('/packages/shared/'),
      },
    },
  },
});
