import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  erMagellanExternalId,
  isDerivedErMagellanId,
  parseErMagellanTable,
  readErMagellanPairs,
  readErMagellanRecords,
} from './er-magellan';
import { feedOfferSchema } from './offer';
import { FeedFormatError } from './stream';

let root: string;

function write(dataset: string, file: string, lines: string[]): void {
  mkdirSync(join(root, dataset), { recursive: true });
  writeFileSync(join(root, dataset, file), `${lines.join('\n')}\n`);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'er-magellan-'));
  write('Walmart-Amazon', 'tableA.csv', [
    'id,title,category,brand,modelno,price',
    '0,draper infrared remote transmitter,electronics - general,draper,121066,58.45',
    '1,"dell switch by design studio lid , sangeet - 14 \'\'",cleaning repair,dell,"switch by design , sangeet",49.99',
    '2,zero priced thing,misc,acme,z1,0.0',
    '3,,misc,acme,z2,1.00',
    'x,bad id,misc,acme,z3,1.00',
  ]);
  write('Walmart-Amazon', 'tableB.csv', [
    'id,title,category,brand,modelno,price',
    '0,koss eq50 3-band stereo equalizer,headphone accessories,koss,152132,12.65',
    '17384,kodak black ink cartridge,inkjet printer ink,kodak,,',
    '5,too,many,columns,here,1.00,extra',
  ]);
  write('Walmart-Amazon', 'train.csv', ['ltable_id,rtable_id,label', '0,0,1', '1,17384,0', '2,abc,2']);
  write('Abt-Buy', 'tableA.csv', [
    'id,name,description,price',
    '0,sony turntable pslx350h,"sony turntable pslx350h belt drive system 33-1/3 and 45 rpm speeds, servo speed control",',
    '1,bose acoustimass 5 series iii speaker system am53bk,"two lines\nof description",399.0',
  ]);
  write('Abt-Buy', 'tableB.csv', ['id,name,description,price', '0,linksys etherfast ezxs88w ethernet switch,linksys etherfast 8-port,24.99']);
  write('Amazon-Google', 'tableA.csv', ['id,title,manufacturer,price', '0,clickart 950 000 premier image pack ( dvd-rom ),broderbund,', '1,learning quickbooks 2007,intuit,38.99']);
  write('Amazon-Google', 'tableB.csv', ['id,title,manufacturer,price', '0,learning quickbooks 2007,intuit,38.99', '1,superstart ! fun with reading,,8.49']);
  write('Amazon-Google', 'valid.csv', ['ltable_id,rtable_id,label', '1,0,1']);
  write('Broken', 'x', ['']);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ER-Magellan tables', () => {
  it('reads Walmart records into offers with derived, marked ids and URLs', async () => {
    const result = await parseErMagellanTable(root, 'Walmart-Amazon', 'A');
    expect(result.total).toBe(5);
    expect(result.offers).toEqual([
      {
        externalId: '9900000000',
        retailer: 'walmart',
        url: 'https://www.walmart.com/ip/draper-infrared-remote-transmitter/9900000000',
        // The tables' lower-case texts are cased again for shoppers; the URL keeps the slug.
        title: 'Draper Infrared Remote Transmitter',
        brand: 'Draper',
        mpn: '121066',
        category: 'Electronics - General',
        priceCents: 5845,
        currency: 'USD',
        availability: 'unknown',
        condition: 'new',
      },
      expect.objectContaining({ externalId: '9900000001', title: "Dell Switch by Design Studio Lid , Sangeet - 14 ''", mpn: 'Switch by Design , Sangeet' }),
    ]);
    for (const offer of result.offers) expect(feedOfferSchema.parse(offer)).toEqual(offer);
    expect(result.errors).toEqual([
      { line: 4, field: 'price', reason: 'is empty or zero: an offer needs a price' },
      { line: 5, field: 'title', reason: 'is required' },
      { line: 6, field: 'id', reason: '"x" is not a record number' },
    ]);
  });

  it('reads Amazon as the B side with ASIN-shaped derived ids, and reports column mismatches', async () => {
    const result = await parseErMagellanTable(root, 'Walmart-Amazon', 'B');
    expect(result.offers.map((o) => [o.retailer, o.externalId, o.url])).toEqual([
      ['amazon', 'B0MW000000', 'https://www.amazon.com/koss-eq50-3-band-stereo-equalizer/dp/B0MW000000'],
    ]);
    expect(result.errors).toEqual([
      { line: 3, field: 'price', reason: 'is empty or zero: an offer needs a price' },
      { line: 4, field: 'row', reason: 'has 7 columns but the header has 6' },
    ]);
  });

  it('keeps unpriced records in the record form', async () => {
    const records = [];
    for await (const row of readErMagellanRecords(root, 'Walmart-Amazon', 'B')) if (row.record) records.push(row.record);
    expect(records.map((r) => [r.recordId, r.priceCents, r.mpn, r.urlDerived])).toEqual([
      [0, 1265, '152132', true],
      [17384, null, undefined, true],
    ]);
  });

  it('reads Abt-Buy names, multi-line descriptions and empty prices', async () => {
    const abt = await parseErMagellanTable(root, 'Abt-Buy', 'A');
    expect(abt.offers).toEqual([
      expect.objectContaining({
        externalId: '9900000001',
        retailer: 'abt',
        url: 'https://www.abt.com/bose-acoustimass-5-series-iii-speaker-system-am53bk/p/9900000001.html',
        title: 'Bose Acoustimass 5 Series III Speaker System AM53BK',
        description: 'two lines of description',
        priceCents: 39900,
      }),
    ]);
    expect(abt.errors).toEqual([{ line: 2, field: 'price', reason: 'is empty or zero: an offer needs a price' }]);
    const buy = await parseErMagellanTable(root, 'Abt-Buy', 'B');
    expect(buy.offers[0]).toMatchObject({ retailer: 'buy', url: 'https://www.buy.com/prod/linksys-etherfast-ezxs88w-ethernet-switch/9900000000.html' });
  });

  it('reads Amazon-Google with manufacturers as brands', async () => {
    const amazon = await parseErMagellanTable(root, 'Amazon-Google', 'A');
    expect(amazon.offers).toEqual([expect.objectContaining({ externalId: 'B0MG000001', retailer: 'amazon', brand: 'Intuit', priceCents: 3899 })]);
    const google = await parseErMagellanTable(root, 'Amazon-Google', 'B');
    expect(google.offers.map((o) => [o.retailer, o.url, o.brand])).toEqual([
      ['google-shopping', 'https://www.google.com/shopping/product/9900000000', 'Intuit'],
      ['google-shopping', 'https://www.google.com/shopping/product/9900000001', undefined],
    ]);
  });

  it('fails clearly on a missing file or a wrong header', async () => {
    await expect(parseErMagellanTable(join(root, 'nowhere'), 'Abt-Buy', 'A')).rejects.toThrow(FeedFormatError);
    write('Abt-Buy', 'train.csv', ['left,right,label']);
    await expect(readErMagellanPairs(root, 'Abt-Buy', 'train')).rejects.toThrow('expected ltable_id,rtable_id,label');
    await expect(parseErMagellanTable(root, 'Nope' as never, 'A')).rejects.toThrow('Unknown dataset "Nope"');
  });
});

describe('ER-Magellan pairs', () => {
  it('returns labelled pairs of derived external ids and reports bad rows', async () => {
    const { pairs, errors, total } = await readErMagellanPairs(root, 'Walmart-Amazon', 'train');
    expect(total).toBe(3);
    expect(pairs).toEqual([
      { left: { retailer: 'walmart', externalId: '9900000000', recordId: 0 }, right: { retailer: 'amazon', externalId: 'B0MW000000', recordId: 0 }, label: 1 },
      { left: { retailer: 'walmart', externalId: '9900000001', recordId: 1 }, right: { retailer: 'amazon', externalId: 'B0MW017384', recordId: 17384 }, label: 0 },
    ]);
    expect(errors).toEqual([
      { line: 4, field: 'rtable_id', reason: '"abc" is not a record number' },
      { line: 4, field: 'label', reason: '"2" is not 0 or 1' },
    ]);
    const valid = await readErMagellanPairs(root, 'Amazon-Google', 'valid');
    expect(valid.pairs[0]).toEqual({
      left: { retailer: 'amazon', externalId: 'B0MG000001', recordId: 1 },
      right: { retailer: 'google-shopping', externalId: '9900000000', recordId: 0 },
      label: 1,
    });
  });

  it('marks derived ids', () => {
    expect(erMagellanExternalId('Amazon-Google', 'A', 12)).toBe('B0MG000012');
    expect(isDerivedErMagellanId('B0MG000012')).toBe(true);
    expect(isDerivedErMagellanId('9900000012')).toBe(true);
    expect(isDerivedErMagellanId('B07XJ8C8F5')).toBe(false);
    expect(isDerivedErMagellanId('123456789')).toBe(false);
  });
});
