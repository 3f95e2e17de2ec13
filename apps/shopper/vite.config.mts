import path from 'node:path';
import { defineConfig } from 'vite';
// The shared Vite configuration is a workspace tool, not a project, so the boundary rule does not apply.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createAppConfig } from '../../tools/vite/app-config.mts';

const base = createAppConfig({
  project: 'shopper',
  port: 4200,
  shell: {
    title: 'PriceHunt: compare prices across retailers',
    description: 'PriceHunt: paste a product link or search, and see the same product at other retailers, cheapest first.',
  },
});

// `vite build` makes the browser's files (dist/apps/shopper); `vite build --ssr src/entry-server.tsx` the renderer of the
// pages rendered on the server (dist/apps/shopper-server/entry-server.mjs), which server/main.ts loads.
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        ...base,
        build: {
          ...base.build,
          outDir: path.resolve(import.meta.dirname, '../../dist/apps/shopper-server'),
          manifest: false,
          copyPublicDir: false,
          sourcemap: true,
          rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs', format: 'es' } },
        },
      }
    : base,
);
