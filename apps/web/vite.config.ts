import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressAssetsPlugin } from './build/compress-assets.js';

/** `npm run dev -w @osp/web` talks to a server started separately on its default port. */
const API_SERVER = 'http://localhost:3000';

export default defineConfig({
  // The server sends the .br and .gz copies this writes (issue 12, apps/server/src/app.ts).
  plugins: [react(), compressAssetsPlugin()],
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
        // A module of packages/shared that the app does not use (the zod request schemas the server
        // validates with, and common/zod-locale.ts, which gives those schemas Chinese messages) is
        // left out of the bundle. The web validates with antd rules built from the shared rule
        // functions; a page that starts parsing a zod schema must import common/zod-locale itself.
        moduleSideEffects: (id) => !id.includes('/packages/shared/'),
      },
      output: {
        // Issue 12: everything main.tsx imports statically (React, antd's core, the router, the API
        // client, the sign-in page) is one script, /login's only one. Left to itself Rolldown cut it
        // into four, and small files compress worse than one large one.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
