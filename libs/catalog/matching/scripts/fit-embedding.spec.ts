import { embeddingCosine, type PreparedOffer, prepareOffer } from '../src';
import { crossFittedCosines, type EmbeddingRow, fitEmbedding, impliedPairs } from './fit-embedding';

const offer = (title: string, brand?: string) => prepareOffer({ title, ...(brand ? { brand } : {}) });

/**
 * Printers of one line named "hp" by one shop and "hewlett" by the other are one product; the same shop's printer of the
 * next number is another. Only the pairs teach that the two words stand for each other.
 */
function rows(): EmbeddingRow[] {
  const out: EmbeddingRow[] = [];
  for (let n = 100; n < 160; n++) {
    const a = offer(`hp laserjet ${n} printer`);
    out.push({ a, b: offer(`hewlett laserjet ${n} printer`), label: 1, source: 'shops', fold: n });
    out.push({ a, b: offer(`hp laserjet ${n + 1} printer`), label: 0, source: 'shops', fold: n });
  }
  return out;
}

describe('offer embedding fitting', () => {
  it('learns that two words name one maker, and that another number is another product', () => {
    const untrained = fitEmbedding(rows(), { epochs: 0 });
    const trained = fitEmbedding(rows());
    const same = [offer('hp laserjet 130 printer'), offer('hewlett laserjet 130 printer')] as const;
    const next = [offer('hp laserjet 130 printer'), offer('hp laserjet 131 printer')] as const;
    expect(embeddingCosine(...same, trained)).toBeGreaterThan(embeddingCosine(...same, untrained) + 0.1);
    expect(embeddingCosine(...same, trained)).toBeGreaterThan(embeddingCosine(...next, trained) + 0.2);
  });

  it('fits the same vectors twice', () => {
    const a = fitEmbedding(rows(), { epochs: 2 });
    const b = fitEmbedding(rows(), { epochs: 2 });
    expect(b.vectors).toEqual(a.vectors);
    expect([...b.index]).toEqual([...a.index]);
  });

  it('scores each row with an embedding fitted without its fold', () => {
    const data = rows();
    const cosines = crossFittedCosines(data, 5, { epochs: 2 });
    expect(cosines).toHaveLength(data.length);
    expect(cosines.every((c) => c >= -1 && c <= 1)).toBe(true);
  });

  it('adds the pairs the labels imply: matched through a third, and not matching any offer of a product', () => {
    const [a, b, c, d] = ['acme drill 10', 'acme drill ten', 'drill 10 by acme', 'acme saw 4'].map((title) => offer(title)) as [PreparedOffer, PreparedOffer, PreparedOffer, PreparedOffer];
    const row = (x: PreparedOffer, y: PreparedOffer, label: number, fold: number): EmbeddingRow => ({ a: x, b: y, label, source: 'shops', fold });
    const implied = impliedPairs([row(a, b, 1, 0), row(b, c, 1, 1), row(a, d, 0, 2)], (o) => o.offer.title);
    const named = implied.map((p) => `${p.a.offer.title} | ${p.b.offer.title} = ${p.label}`).sort();
    expect(named).toEqual(['acme drill 10 | drill 10 by acme = 1', 'acme drill ten | acme saw 4 = 0', 'drill 10 by acme | acme saw 4 = 0']);
    // Another source's offers are another catalog's: nothing joins across.
    expect(impliedPairs([row(a, b, 1, 0), { ...row(b, c, 1, 1), source: 'other' }], (o) => o.offer.title)).toEqual([]);
  });
});
