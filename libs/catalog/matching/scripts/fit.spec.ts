import { FEATURE_NAMES, modelFromJson, modelScore, modelToJson, type PairFeatures } from '../src';
import { fitLinear, fitTrees, type Row } from './fit';

const idx = (name: string) => FEATURE_NAMES.indexOf(name as never);

/** Synthetic pairs: a match when the trigram cosine is high, unless the brands conflict. */
function rows(): Row[] {
  const out: Row[] = [];
  for (let i = 0; i < 400; i++) {
    const x = new Array<number>(FEATURE_NAMES.length).fill(0);
    const cos = (i % 20) / 20;
    const conflict = i % 7 === 0 ? 1 : 0;
    x[idx('trigramCosine')] = cos;
    x[idx('brandConflict')] = conflict;
    out.push({ x, label: cos >= 0.5 && !conflict ? 1 : 0 });
  }
  return out;
}

const features = (over: Partial<PairFeatures>): PairFeatures => {
  const f = Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as PairFeatures;
  return { ...f, ...over };
};

describe('model fitting', () => {
  it('fits trees that separate the synthetic rule and survive a JSON round trip', () => {
    const model = fitTrees(rows(), { trees: 60, depth: 3 });
    const back = modelFromJson(JSON.parse(JSON.stringify(modelToJson(model))));
    const high = modelScore(back, features({ trigramCosine: 0.9 }));
    const low = modelScore(back, features({ trigramCosine: 0.1 }));
    const conflicted = modelScore(back, features({ trigramCosine: 0.9, brandConflict: 1 }));
    expect(high).toBeGreaterThan(0.8);
    expect(low).toBeLessThan(0.2);
    expect(conflicted).toBeLessThan(0.2);
    expect(modelScore(model, features({ trigramCosine: 0.9 }))).toBeCloseTo(high, 4);
  });

  it('keeps evidence against a match non-positive in the linear model', () => {
    const data = rows().map((r) => ({ ...r, label: r.x[idx('brandConflict')] ? 1 : r.label }));
    const model = fitLinear(data, { epochs: 300 });
    expect(model.weights.brandConflict).toBeLessThanOrEqual(0);
    expect(model.weights.trigramCosine).toBeGreaterThan(0);
  });

  it('rejects a tree file with a dangling child', () => {
    const json = { version: 2 as const, features: ['trigramCosine'], base: 0, threshold: 0.5, trees: [[[0, 0.5, 5, 6, 0] as [number, number, number, number, number]]] };
    expect(() => modelFromJson(json)).toThrow('trees[0][0] is malformed');
  });
});
