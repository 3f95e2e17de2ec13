import { extractProductId } from '@pricehunt/marketplace';
import { erMagellanExternalId, erMagellanUrl } from '../er-magellan';
import { generateCatalog } from './offers';

describe('generated URLs and the marketplace id reader', () => {
  it('every synthetic offer URL reads back as its retailer and external id', () => {
    const misses: string[] = [];
    for (const offer of generateCatalog({ offers: 5_000, seed: 4 })) {
      const ref = extractProductId(offer.url);
      if (ref?.retailer !== offer.retailer || ref.id !== offer.externalId) misses.push(`${offer.url} -> ${JSON.stringify(ref)}`);
    }
    expect(misses).toEqual([]);
  });

  it('derived ER-Magellan URLs of Walmart and Amazon read back too', () => {
    const walmart = erMagellanExternalId('Walmart-Amazon', 'A', 17);
    const amazon = erMagellanExternalId('Walmart-Amazon', 'B', 17384);
    expect(extractProductId(erMagellanUrl('walmart', walmart, 'draper remote'))).toEqual({ retailer: 'walmart', id: walmart });
    expect(extractProductId(erMagellanUrl('amazon', amazon, 'koss eq50'))).toEqual({ retailer: 'amazon', id: amazon });
  });
});
