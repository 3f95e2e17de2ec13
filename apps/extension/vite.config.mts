import path from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
// The shared Vite configuration is a workspace tool, not a project, so the boundary rule does not apply.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createAppConfig } from '../../tools/vite/app-config.mts';

const base = createAppConfig({ project: 'extension', port: 4500 });
const outDir = path.resolve(import.meta.dirname, '../../dist/apps/extension');

/**
 * The extension is three builds into one folder (scripts/build.ts runs them, then writes manifest.json and the zip):
 * `pages` the popup and options pages (ES modules sharing chunks), then `content` and `background`, each one classic
 * script with everything inlined (content scripts cannot be modules; Firefox loads the background as a plain script).
 */
export default defineConfig((): UserConfig => {
  const part = process.env.EXTENSION_PART ?? 'pages';
  const build = { ...base.build, outDir, manifest: false, sourcemap: false, target: 'es2022', reportCompressedSize: false };
  if (part === 'pages') {
    return {
      ...base,
      base: './',
      build: { ...build, emptyOutDir: true, rollupOptions: { ...build.rollupOptions, input: { popup: path.resolve(import.meta.dirname, 'popup.html'), options: path.resolve(import.meta.dirname, 'options.html') } } },
    };
  }
  const entry = part === 'content' ? 'src/content/main.ts' : 'src/background/main.ts';
  return {
    ...base,
    build: {
      ...build,
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry: path.resolve(import.meta.dirname, entry), formats: ['iife'], name: `pricehunt_${part}`, fileName: () => `${part}.js` },
    },
  };
});
