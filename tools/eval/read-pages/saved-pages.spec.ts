import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createPageReadPool, type PageReadPool } from '@pricehunt/catalog-identity';
import { ANNOTATED_FIELDS } from '@pricehunt/catalog-identity/testing';
import { metricRows } from '../extraction/page-metric';
import { addressesFrom, benchmarkFields, decodeSavedPage, labelsFrom, pageKey, readSavedPages, savedPages, scoreReadings } from './saved-pages';

const lampPage = [
  '<!doctype html><html><head><meta charset="windows-1252"><title>Lampe Café | Lights</title>',
  '<script type="application/ld+json">{"@type":"Product","name":"Lampe Café","sku":"LC-7","gtin13":"4006381333931","brand":{"name":"Lumo"},"image":"/img/lampe.jpg",',
  '"offers":{"price":"29.90","priceCurrency":"EUR","availability":"https://schema.org/OutOfStock"}}</script></head>',
  '<body><h1>Lampe Café</h1></body></html>',
].join('');

describe('saved pages named on the command line', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saved-pages-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('keys each page by its file name without .html, .htm or .gz, takes a folder as its page files, and sorts them', () => {
    fs.writeFileSync(path.join(dir, 'b.html.gz'), zlib.gzipSync('<html></html>'));
    fs.writeFileSync(path.join(dir, 'a.htm'), '<html></html>');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a page');
    fs.mkdirSync(path.join(dir, 'older.html'));
    expect(savedPages([dir]).map((p) => [p.key, path.basename(p.file)])).toEqual([
      ['a', 'a.htm'],
      ['b', 'b.html.gz'],
    ]);
    expect(pageKey('/x/2a84a9.html.gz')).toBe('2a84a9');
  });

  it('names the path that is missing, the file that is no page and the two files of one key', () => {
    expect(() => savedPages([path.join(dir, 'gone')])).toThrow(`${path.join(dir, 'gone')}: no such file or folder`);
    fs.writeFileSync(path.join(dir, 'notes.txt'), '');
    expect(() => savedPages([path.join(dir, 'notes.txt')])).toThrow(/notes\.txt: not a page file/);
    fs.writeFileSync(path.join(dir, 'p.html'), '');
    fs.writeFileSync(path.join(dir, 'p.html.gz'), '');
    expect(() => savedPages([dir])).toThrow(/are both page p$/);
  });

  it('reads each page address from the address itself, an object with a url, or a replay path ending in it', () => {
    const addresses = addressesFrom(
      JSON.stringify({
        a: 'https://shop.example/p/1',
        b: { url: 'https://shop.example/p/2', price: ['9'] },
        c: '/product-extraction-benchmark/20210203105656/https://www.example.com/dp/B07FW264WL',
        d: { url: 'no address here' },
        e: 42,
      }),
      'urls.json',
    );
    expect([...addresses]).toEqual([
      ['a', 'https://shop.example/p/1'],
      ['b', 'https://shop.example/p/2'],
      ['c', 'https://www.example.com/dp/B07FW264WL'],
    ]);
    expect(() => addressesFrom('[1]', 'urls.json')).toThrow('urls.json: expected an object keyed by page');
    expect(() => addressesFrom('{', 'urls.json')).toThrow(/^urls\.json: not JSON/);
  });

  it('gunzips a page only when its bytes are gzip, and decodes it by the charset it names', () => {
    const bytes = Buffer.from(lampPage, 'latin1');
    expect(decodeSavedPage(bytes)).toContain('Lampe Café');
    expect(decodeSavedPage(zlib.gzipSync(bytes))).toContain('Lampe Café');
  });
});

describe('reading saved pages in the pool', () => {
  let dir: string;
  let pool: PageReadPool;
  beforeAll(() => {
    pool = createPageReadPool({ size: 1, maxBytes: 4096 });
  });
  afterAll(() => pool.close());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saved-pages-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads every page with its address, keeps going past a page it refuses, and writes the benchmark fields', async () => {
    fs.writeFileSync(path.join(dir, 'lamp.html.gz'), zlib.gzipSync(Buffer.from(lampPage, 'latin1')));
    fs.writeFileSync(path.join(dir, 'huge.html'), `<html><body>${'x'.repeat(8192)}</body></html>`);
    fs.writeFileSync(path.join(dir, 'plain.html'), '<html><body><p>About us</p></body></html>');
    let reads = 0;
    const readings = await readSavedPages(savedPages([dir]), new Map([['lamp', 'https://lights.example/de/lampe-cafe']]), pool, () => reads++);
    expect(reads).toBe(3);
    expect(readings.map((r) => r.page.key)).toEqual(['huge', 'lamp', 'plain']);
    const [huge, lamp, plain] = readings;
    expect(huge && 'error' in huge ? huge.error : null).toMatch(/too large|bytes/i);
    expect(plain && 'item' in plain ? plain.item : undefined).toBeNull();
    const item = lamp && 'item' in lamp ? lamp.item : null;
    expect(item).toMatchObject({ title: 'Lampe Café', brand: 'Lumo', sku: 'LC-7', priceCents: 2990, currency: 'EUR', availability: 'out_of_stock', imageUrl: 'https://lights.example/img/lampe.jpg' });
    expect(benchmarkFields(item, lamp?.url)).toEqual({
      url: 'https://lights.example/de/lampe-cafe',
      name: 'Lampe Café',
      price: '29.90',
      currency: 'EUR',
      sku: 'LC-7',
      availability: 'OutOfStock',
      OutOfStock: 'OutOfStock',
      brand: 'Lumo',
      gtin: '04006381333931',
    });
    expect(benchmarkFields(null, undefined)).toEqual({});
  });
});

describe('saved pages scored against a ground truth', () => {
  const page = (key: string) => ({ key, file: `${key}.html` });
  const item = (fields: Record<string, unknown>) => ({ title: 'Lamp', source: 'json-ld', ...fields }) as never;

  it('reads each page’s right answers, and names the page and field that are not lists of texts', () => {
    const labels = labelsFrom(JSON.stringify({ a: { price: ['29.9'], sku: ['LC-7'], availability: ['OutOfStock'], currency: ['€'], url: 'https://x' } }), 'gt.json');
    expect(labels.get('a')).toEqual({ price: ['29.9'], sku: ['LC-7'], availability: ['OutOfStock'] });
    expect(() => labelsFrom(JSON.stringify({ a: { sku: 'LC-7' } }), 'gt.json')).toThrow('gt.json: page a: sku must be a list of texts');
    expect(() => labelsFrom(JSON.stringify({ a: 3 }), 'gt.json')).toThrow('gt.json: page a: expected an object of fields');
    expect(() => labelsFrom('[]', 'gt.json')).toThrow(/^gt\.json: expected an object keyed by page/);
  });

  it('scores the labelled pages field by field: a page the pool could not read as no answer, a page without labels not at all', () => {
    const labels = labelsFrom(JSON.stringify({ a: { price: ['29.9'], sku: ['lc-7'], availability: ['OutOfStock'], brand: ['Lumo'] }, b: { price: ['10'], sku: ['X1'], availability: ['InStock'] }, c: { price: ['5'] } }), 'gt.json');
    const score = scoreReadings(
      [
        { page: page('a'), url: undefined, item: item({ priceCents: 2990, sku: 'LC-7', availability: 'out_of_stock', brand: 'Lumo', gtin: '04006381333931' }) },
        { page: page('b'), url: undefined, item: item({ priceCents: 1200, sku: 'X1', availability: 'in_stock' }) },
        { page: page('c'), url: undefined, error: 'too large' },
        { page: page('d'), url: undefined, item: item({ priceCents: 100 }) },
      ],
      labels,
    );
    expect(score.pages).toBe(3);
    expect(score.fields.price).toMatchObject({ tp: 1, fp: 1, fn: 2, support: 3 });
    expect(score.fields.sku).toMatchObject({ tp: 2, fp: 0, fn: 0 });
    expect(score.fields.OutOfStock).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    // A barcode where the annotators wrote none is a false positive, as the benchmark counts it.
    expect(score.fields.gtin).toMatchObject({ tp: 0, fp: 1, fn: 0 });
    expect(metricRows(score.fields, ANNOTATED_FIELDS).map((row) => row[0])).toEqual(['price', 'sku', 'availability', 'InStock', 'OutOfStock', 'brand', 'gtin', 'mpn']);
    expect(metricRows(score.fields, ANNOTATED_FIELDS)[0]).toEqual(['price', '0.500', '0.333', '0.400', '3', '1/1/2']);
  });
});
