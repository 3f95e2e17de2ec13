import fs from 'node:fs';
import zlib from 'node:zlib';
import { readPage } from '../../libs/catalog/identity/src/lib/reader/page';
import { extractProductIdentity } from '../../libs/catalog/identity/src/lib/page-identity';
import { withoutMarkup } from './extraction/page-metric';
const dir = 'libs/catalog/identity/src/fixtures/pages/';
const corpus = JSON.parse(fs.readFileSync(dir + 'corpus.json', 'utf8'));
for (const p of corpus.pages) {
  let html = zlib.gunzipSync(fs.readFileSync(dir + p.file)).toString('utf8');
  if (process.env.NOM) html = withoutMarkup(html);
  const page = readPage(html, p.url ?? undefined);
  const r = extractProductIdentity(html, { url: p.url ?? undefined });
  const h1 = page.headings[0];
  console.log(JSON.stringify({ file: p.file, shop: p.shop, exp: p.expected.brand, got: r?.brand ?? null, site: page.siteNames, title: page.titleTag, og: page.meta.get('og:site_name')?.[0] ?? null, name: r?.title ?? null }));
}
