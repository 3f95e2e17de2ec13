import { embeddingCosine, embeddingFeatures, type EmbeddingModel, embeddingModelFromJson, embeddingModelToJson, getEmbeddingModel } from './embedding';
import { prepareOffer } from './prepare';

const offer = (title: string, brand?: string) => prepareOffer({ title, ...(brand ? { brand } : {}) });

/** Three features on two axes: "red" and "rouge" along one, "blue" along the other. */
function smallModel(): EmbeddingModel {
  return {
    dims: 2,
    index: new Map([
      ['w:red', 0],
      ['w:rouge', 1],
      ['w:blue', 2],
    ]),
    weights: Float32Array.from([1, 1, 2]),
    vectors: Float32Array.from([1, 0.1, 0.9, 0, 0, -1]),
  };
}

describe('offer embedding', () => {
  it('reads words, the trigrams of each word and the brand', () => {
    const features = embeddingFeatures(offer('Laser 20', 'Acme'));
    expect(features).toEqual(expect.arrayContaining(['w:laser', 't:#la', 't:las', 't:er#', 'w:20', 't:#20', 't:20#', 'b:acme']));
  });

  it('compares offers by the vectors of their known features', () => {
    const model = smallModel();
    expect(embeddingCosine(offer('red'), offer('rouge'), model)).toBeGreaterThan(0.98);
    expect(embeddingCosine(offer('red'), offer('blue'), model)).toBeLessThan(0);
    expect(embeddingCosine(offer('red'), offer('zzz'), model)).toBe(0);
  });

  it('keeps its cosines through the quantised file, and rejects a file that does not add up', () => {
    const model = smallModel();
    const json = embeddingModelToJson(model);
    const loaded = embeddingModelFromJson(JSON.parse(JSON.stringify(json)));
    for (const [x, y] of [
      ['red', 'rouge'],
      ['red', 'blue'],
      ['rouge blue', 'red'],
    ] as const) {
      expect(embeddingCosine(offer(x), offer(y), loaded)).toBeCloseTo(embeddingCosine(offer(x), offer(y), model), 2);
    }
    expect(embeddingModelToJson(loaded)).toEqual(json);
    expect(() => embeddingModelFromJson({ ...json, vectors: 'AAAA' })).toThrow(/vector bytes/);
    expect(() => embeddingModelFromJson({ ...json, weights: [1] })).toThrow(/one weight and one scale per feature/);
    expect(() => embeddingModelFromJson({ ...json, dims: 0 })).toThrow(/dims/);
  });

  it('ships a model that puts one product worded apart nearer than the maker\'s next model', () => {
    const model = getEmbeddingModel();
    expect(model.index.size).toBeGreaterThan(1000);
    const a = offer('Canon EOS 5D Mark III 22.3 MP Digital SLR Camera Body');
    const same = offer('Canon EOS 5D Mk III DSLR body only');
    const other = offer('Nikon D750 24.3 MP DSLR Camera Body');
    expect(embeddingCosine(a, same)).toBeGreaterThan(embeddingCosine(a, other));
  });
});
