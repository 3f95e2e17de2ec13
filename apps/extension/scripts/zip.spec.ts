/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { filesUnder, zipFiles } from './zip';

describe('the stores’ zip', () => {
  it('holds every file of the folder, byte for byte, as another zip reader reads it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricehunt-zip-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'manifest.json'), '{"manifest_version":3}\n');
      fs.writeFileSync(path.join(dir, 'assets', 'popup.js'), 'console.log("é");\n'.repeat(500));
      fs.writeFileSync(path.join(dir, 'assets', 'empty.css'), '');
      const archive = path.join(dir, 'out.zip');
      fs.writeFileSync(archive, zipFiles(filesUnder(dir)));
      const listing = execFileSync('python3', ['-c', 'import sys, zipfile, json; z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(json.dumps({n: z.read(n).decode() for n in z.namelist()}))', archive], { encoding: 'utf8' });
      expect(JSON.parse(listing)).toEqual({
        'assets/empty.css': '',
        'assets/popup.js': 'console.log("é");\n'.repeat(500),
        'manifest.json': '{"manifest_version":3}\n',
      });
      expect(fs.statSync(archive).size).toBeLessThan(2_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
