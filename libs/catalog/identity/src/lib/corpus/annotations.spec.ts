import { ANNOTATED_FIELDS, annotatedValues } from './annotations';
import type { CorpusPage } from './page-corpus';

const page = (annotations?: CorpusPage['annotations']): CorpusPage => ({
  file: 'shop-1.html.gz',
  shop: 'shop.example',
  url: null,
  source: { repository: 'scrapinghub/product-extraction-benchmark', path: 'dataset/html/x.html.gz', commit: 'c' },
  expected: { title: 'T', titleAlternatives: [], brand: null, price: null, currency: null, gtin: null, mpn: null, sku: null, skuAlternatives: [], availability: 'InStock' },
  markupStates: { gtin: false, mpn: false, brand: false, price: false },
  ...(annotations ? { annotations } : {}),
});

describe('annotatedValues', () => {
  it('gives a value for each of the benchmark fields it names', () => {
    expect(Object.keys(annotatedValues(page({ price: ['1'] }), null) ?? {}).sort()).toEqual([...ANNOTATED_FIELDS].sort());
  });

  it('gives nothing for a page without annotations', () => {
    expect(annotatedValues(page(), null)).toBeNull();
  });

  it('compares as the benchmark does: decimals by value, ids as written but for case and spaces, GTINs by digits', () => {
    const values = annotatedValues(
      page({ price: ['229.99 '], sku: ['466/7999', 'w712550a'], brand: ['TP-Link'], gtin: ['099482467999'], mpn: ['Fake Wounds'], availability: ['OutOfStock'] }),
      { title: 'T', priceCents: 22999, sku: 'W712550A', brand: 'TP Link', gtin: '0099482467999', model: 'fake wounds', availability: 'out_of_stock' },
    );
    expect(values?.price).toEqual({ expected: ['229.99'], got: '229.99' });
    expect(values?.sku).toEqual({ expected: ['466/7999', 'W712550A'], got: 'W712550A' });
    expect(values?.brand).toEqual({ expected: ['TP-LINK'], got: 'TPLINK' });
    expect(values?.gtin?.got).toBe(values?.gtin?.expected[0]);
    expect(values?.mpn).toEqual({ expected: ['FAKEWOUNDS'], got: 'FAKEWOUNDS' });
    expect(values?.OutOfStock).toEqual({ expected: ['OutOfStock'], got: 'OutOfStock' });
    expect(values?.InStock).toEqual({ expected: [], got: null });
  });

  it('expects no value where the annotators wrote none', () => {
    const values = annotatedValues(page({ price: ['10'] }), { title: 'T', gtin: '4005556050178', availability: 'in_stock' });
    expect(values?.gtin).toEqual({ expected: [], got: '04005556050178' });
    expect(values?.availability).toEqual({ expected: ['InStock'], got: 'InStock' });
  });
});
