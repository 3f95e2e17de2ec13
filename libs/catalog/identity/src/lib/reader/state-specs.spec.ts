import { extractProductIdentity } from '../page-identity';
import type { Json } from './json';
import { stateSpecRows } from './state-specs';

const url = 'https://www.techshop.example/p/2586325';
const page = (state: unknown, body = '') =>
  `<!doctype html><html><head><title>Samsung Galaxy Tab A 10.1 | Techshop</title></head><body><h1>Samsung Galaxy Tab A 10.1</h1><p>199,00 €</p>${body}` +
  `<script>window.__PRELOADED_STATE__ = ${JSON.stringify(state)};</script></body></html>`;
const features = (rows: Json[]): Json => ({ product: { id: 2586325, featureGroups: [{ name: 'Allgemein', features: rows }] } });

describe('the specification rows a page’s state holds for its app to draw', () => {
  it('give the model and the barcode where the page shows no row of its own', () => {
    const state = features([
      { name: 'Hersteller Artikelnummer', unit: null, value: 'SM-T510NZKFDBT' },
      { label: 'EAN', values: [{ value: '8801643897949' }] },
      { name: 'Farbe', value: 'Schwarz' },
    ]);
    const item = extractProductIdentity(page(state), { url });
    expect(item?.model).toBe('SM-T510NZKFDBT');
    expect(item?.gtin).toBe('08801643897949');
  });

  it('come after a row the page shows', () => {
    const table = '<table><tr><th>Herstellernummer</th><td>SM-T510NZAADBT</td></tr></table>';
    expect(extractProductIdentity(page(features([{ name: 'Hersteller Artikelnummer', value: 'SM-T510NZKFDBT' }]), table), { url })?.model).toBe('SM-T510NZAADBT');
  });

  it('say nothing of a field whose rows give several values, as the rows of several products do', () => {
    const state = { compare: [features([{ name: 'Model', value: 'SM-T510' }]), features([{ name: 'Model', value: 'SM-T590' }])] };
    expect(stateSpecRows([state])).toEqual([]);
    expect(extractProductIdentity(page(state), { url })?.model ?? null).toBeNull();
  });

  it('are read only under the labels of a model, a barcode or a brand', () => {
    expect(stateSpecRows([{ rows: [{ name: 'Farbe', value: 'Schwarz' }, { key: 'Brand', displayValue: 'Samsung' }, { name: 'EAN (GTIN)', value: 8801643897949 }] }])).toEqual([
      ['Brand', 'Samsung'],
      ['EAN (GTIN)', '8801643897949'],
    ]);
  });
});
