/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import { buildManifest, EXTENSION_ID, EXTENSION_KEY } from './manifest';

describe('manifest.json', () => {
  const manifest = buildManifest({ version: '1.2.3', apiUrls: ['https://pricehunt.example/'], withKey: true }) as {
    host_permissions: string[];
    permissions: string[];
    content_scripts: Array<{ matches: string[]; js: string[] }>;
    key?: string;
  };

  it('asks for the known retailers’ sites and the API only, and for storage', () => {
    expect(manifest.host_permissions.filter((pattern) => !pattern.startsWith('*://*.'))).toEqual(['https://pricehunt.example/*']);
    expect(manifest.host_permissions).not.toContain('<all_urls>');
    expect(manifest.permissions).toEqual(['storage']);
    expect(manifest.content_scripts).toEqual([{ matches: manifest.host_permissions.slice(0, -1), js: ['content.js'], run_at: 'document_idle' }]);
  });

  it('the key fixes the id the API trusts by default; the stores’ package carries none', () => {
    const hash = createHash('sha256').update(Buffer.from(EXTENSION_KEY, 'base64')).digest('hex').slice(0, 32);
    expect([...hash].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('')).toBe(EXTENSION_ID);
    expect(manifest.key).toBe(EXTENSION_KEY);
    expect(buildManifest({ version: '1.2.3', apiUrls: [], withKey: false })).not.toHaveProperty('key');
  });
});
