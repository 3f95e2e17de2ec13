import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bestThreshold, loadDataset, parseArgs, prf, resolveDataDir } from './er-magellan';

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
