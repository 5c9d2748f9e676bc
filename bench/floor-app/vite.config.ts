import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compressAssetsPlugin } from '../../apps/web/build/compress-assets.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * Built by bench/first-load.ts with the root workspace's Vite. For a build, @vitejs/plugin-react
 * (installed for apps/web only) does nothing but switch Oxc to React's automatic JSX runtime, so
 * that setting stands in for it and the floor is compiled as the real app is. The output is
 * compressed by the web app's own build step.
 */
export default defineConfig({
  root: HERE,
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [compressAssetsPlugin()],
  build: {
    outDir: path.resolve(HERE, '../results/first-load/floor-app'),
    emptyOutDir: true,
    rolldownOptions: {
      // As @vitejs/plugin-react does: antd's "use client" lines mean nothing outside a server renderer.
      onwarn(warning, defaultHandler) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
        defaultHandler(warning);
      },
    },
  },
});
