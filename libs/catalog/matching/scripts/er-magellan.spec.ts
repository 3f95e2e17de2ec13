import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bestThreshold, cleanWdcTitle, loadDataset, missingFile, parseArgs, parseSerialisedRecord, prf, resolveDataDir } from './er-magellan';

describe('evaluation helpers', () => {
  it('computes precision, recall and F1 at a threshold', () => {
    const r = prf([0.9, 0.8, 0.4, 0.2], [1, 0, 1, 0], 0.5);
    expect(r).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
  });

  it('finds the threshold with the best F1', () => {
    const best = bestThreshold([0.9, 0.8, 0.7, 0.3, 0.2], [1, 1, 1, 0, 0]);
    expect(best.f1).toBe(1);
    expect(best.threshold).toBeGreaterThan(0.3);
    expect(best.threshold).toBeLessThanOrEqual(0.7);
  });

  it('reads options', () => {
    expect(parseArgs(['--split', 'valid', '--data=/x'])).toEqual({ split: 'valid', data: '/x' });
    expect(() => parseArgs(['--split'])).toThrow('needs a value');
  });

  it('resolves the data directory from the option, then SEED_DATA_DIR', () => {
    const saved = process.env['SEED_DATA_DIR'];
    process.env['SEED_DATA_DIR'] = '/seed';
    try {
      expect(resolveDataDir('/given')).toBe('/given');
      expect(resolveDataDir(undefined)).toBe('/seed');
    } finally {
      if (saved === undefined) delete process.env['SEED_DATA_DIR'];
      else process.env['SEED_DATA_DIR'] = saved;
    }
  });

  it('loads tables and pairs with quoted CSV fields', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'er-'));
    const ds = path.join(dir, 'Walmart-Amazon');
    fs.mkdirSync(ds);
    fs.writeFileSync(path.join(ds, 'tableA.csv'), 'id,title,category,brand,modelno,price\n0,"sony 55"" tv, black",tvs,sony,kd55x80k,599.99\n');
    fs.writeFileSync(path.join(ds, 'tableB.csv'), 'id,title,category,brand,modelno,price\n7,sony kd-55x80k,tv,sony,,\n');
    fs.writeFileSync(path.join(ds, 'valid.csv'), 'ltable_id,rtable_id,label\n0,7,1\n');
    const loaded = loadDataset(dir, 'Walmart-Amazon');
    const [pair] = loaded.pairs('valid');
    expect(pair?.left).toEqual({ title: 'sony 55" tv, black', brand: 'sony', model: 'kd55x80k', priceCents: 59999 });
    expect(pair?.right).toEqual({ title: 'sony kd-55x80k', brand: 'sony', model: null, priceCents: null });
    expect(pair?.label).toBe(1);
    expect(() => loaded.pairs('test')).toThrow('missing split file');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('Ditto-serialised sets', () => {
  it('reads both sides of a pair, attribute by attribute', () => {
    expect(parseSerialisedRecord('COL title VAL lenovo backpack 41u5254 COL category VAL  COL brand VAL lenovo COL modelno VAL  COL price VAL 31.51 ')).toEqual({
      title: 'lenovo backpack 41u5254',
      category: '',
      brand: 'lenovo',
      modelno: '',
      price: '31.51',
    });
  });

  it('cleans the quotes, language tags and "Null" of WDC titles', () => {
    expect(cleanWdcTitle(' "Puma Popcat - Bleu/ Blanc"@fr " Puma chaussures pour homme "@fr')).toBe('Puma Popcat - Bleu/ Blanc Puma chaussures pour homme');
    expect(cleanWdcTitle(' "Null", "449363-B21 HP 2GB"@en-US ')).toBe('449363-B21 HP 2GB');
    expect(cleanWdcTitle('"Air Jordan 6 (VI) Retro “Champagne Bottle”"@en-US')).toBe('Air Jordan 6 (VI) Retro “Champagne Bottle”');
  });

  it('loads dirty Walmart-Amazon and WDC pairs, and names the missing files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'er-'));
    fs.mkdirSync(path.join(dir, 'Dirty-Walmart-Amazon'));
    fs.writeFileSync(
      path.join(dir, 'Dirty-Walmart-Amazon', 'valid.txt'),
      'COL title VAL sony kd55x80k tv 599.99 COL brand VAL  COL modelno VAL  COL price VAL \tCOL title VAL sony 55 tv COL brand VAL sony COL modelno VAL kd-55x80k COL price VAL 579.00\t1\n',
    );
    fs.mkdirSync(path.join(dir, 'WDC-shoes-small'));
    fs.writeFileSync(path.join(dir, 'WDC-shoes-small', 'train.txt'), 'COL title VAL  "Nike Air Max 90"@en\tCOL title VAL  "Null"\t0\n');
    const dirty = loadDataset(dir, 'Dirty-Walmart-Amazon').pairs('valid');
    expect(dirty).toHaveLength(1);
    expect(dirty[0]?.left).toEqual({ title: 'sony kd55x80k tv 599.99', brand: null, model: null, priceCents: null });
    expect(dirty[0]?.right).toEqual({ title: 'sony 55 tv', brand: 'sony', model: 'kd-55x80k', priceCents: 57900 });
    expect(dirty[0]?.label).toBe(1);
    const shoes = loadDataset(dir, 'WDC-shoes-small');
    expect(shoes.pairs('train').map((p) => [p.left.title, p.right.title, p.label])).toEqual([['Nike Air Max 90', '', 0]]);
    expect(() => shoes.pairs('valid')).toThrow('missing split file');
    expect(missingFile(dir, 'WDC-shoes-small', ['train'])).toBeNull();
    expect(missingFile(dir, 'WDC-shoes-small', ['train', 'valid'])).toBe(path.join(dir, 'WDC-shoes-small', 'valid.txt'));
    expect(missingFile(dir, 'Abt-Buy', ['train'])).toBe(path.join(dir, 'Abt-Buy', 'tableA.csv'));
    fs.writeFileSync(path.join(dir, 'WDC-shoes-small', 'valid.txt'), 'just one column\n');
    expect(() => loadDataset(dir, 'WDC-shoes-small')).toThrow('line 1 is not');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
