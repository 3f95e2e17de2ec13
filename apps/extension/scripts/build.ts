// Builds the extension: `tsx --tsconfig tsconfig.base.json apps/extension/scripts/build.ts [--development]` (nx build extension).
// Three Vite builds into dist/apps/extension (the pages, the content script, the background script), then manifest.json
// and the stores' zip beside the folder (dist/apps/extension-<version>.zip, without the key that fixes the local id).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { DEVELOPMENT_API_URL, PRODUCTION_API_URL } from '../src/config/addresses';
import { buildManifest } from '../src/manifest';
import { filesUnder, zipFiles } from './zip';

const root = path.resolve(__dirname, '../../..');
const outDir = path.join(root, 'dist/apps/extension');
const development = process.argv.includes('--development');
const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;

async function main(): Promise<void> {
  const mode = development ? 'development' : 'production';
  for (const part of ['pages', 'content', 'background']) {
    process.env.EXTENSION_PART = part;
    await build({ configFile: path.join(__dirname, '../vite.config.mts'), mode, logLevel: 'warn' });
  }
  const apiUrls = development ? [DEVELOPMENT_API_URL, 'http://127.0.0.1:3000'] : [PRODUCTION_API_URL];
  const manifest = (withKey: boolean) => `${JSON.stringify(buildManifest({ version, apiUrls, withKey }), null, 2)}\n`;
  fs.writeFileSync(path.join(outDir, 'manifest.json'), manifest(true));
  const files = filesUnder(outDir).map((file) => (file.name === 'manifest.json' ? { ...file, data: Buffer.from(manifest(false)) } : file));
  const zipPath = path.join(root, `dist/apps/extension-${version}.zip`);
  fs.writeFileSync(zipPath, zipFiles(files));
  const unpacked = files.reduce((sum, file) => sum + file.data.length, 0);
  console.log(`extension ${version} (${mode}): ${files.length} files, ${unpacked} bytes unpacked in ${path.relative(root, outDir)}; ${fs.statSync(zipPath).size} bytes zipped in ${path.relative(root, zipPath)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
