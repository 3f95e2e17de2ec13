import Database from 'better-sqlite3';
import { createFtsSearchIndex, createSqliteSearchIndexRepository } from '@pricehunt/storage';

/** A minimal catalog: offers and their external-content FTS5 index, as the migrations create them. */
function catalogWith(titles: Array<string | { retailer: string; title: string }>) {
  const sqlite = new Database(':memory:');
  sqlite.exec(`CREATE TABLE offers (id INTEGER PRIMARY KEY, retailer_id TEXT NOT NULL, product_id INTEGER, updated_at TEXT NOT NULL, title TEXT NOT NULL, brand TEXT, model TEXT, category TEXT);
    CREATE VIRTUAL TABLE offers_fts USING fts5(title, brand, model, category, content='offers', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE offers_fts_vocab USING fts5vocab('offers_fts', 'row');`);
  const insert = sqlite.prepare("INSERT INTO offers (id, retailer_id, product_id, updated_at, title) VALUES (?, ?, ?, '2026-01-01T00:00:00.000Z', ?)");
  sqlite.transaction(() =>
    titles.forEach((entry, index) => {
      const { retailer, title } = typeof entry === 'string' ? { retailer: 'shop', title: entry } : entry;
      insert.run(index + 1, retailer, index + 1, title);
    }),
  )();
  sqlite.exec('INSERT INTO offers_fts (rowid, title, brand, model, category) SELECT id, title, brand, model, category FROM offers');
  return sqlite;
}

describe('full-text candidates', () => {
  it('finds the offers carrying every word first', () => {
    const sqlite = catalogWith(['Acme Widget XR300 Blue', 'Other Gadget XR200', 'Acme Widget XR200 Blue', 'Acme Widget XR200 Red']);
    const hits = createFtsSearchIndex(sqlite).candidates(['acme', 'xr200']);
    expect(hits.slice(0, 2).map((hit) => hit.offerId).sort()).toEqual([3, 4]);
    expect(hits.map((hit) => hit.offerId)).toContain(2);
  });

  it('falls back to the rarer words on their own when too few offers carry every word', () => {
    const filler = Array.from({ length: 6000 }, (_, index) => `Common gadget ${index}`);
    const sqlite = catalogWith(['Acme Widget QX77 Blue', 'Zeta Thing QX77 Red', 'Zeta Thing ZK9', ...filler]);
    const hits = createFtsSearchIndex(sqlite).candidates(['qx77', 'zk9', 'gadget']);
    // No offer carries both model numbers; each rare word finds its own offers, the common word (beyond the ranking budget) none.
    expect(hits.map((hit) => hit.offerId).sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it('returns the newest matches unranked when every word is carried by more offers than are ranked', () => {
    const sqlite = catalogWith(Array.from({ length: 2500 }, (_, index) => `Common gadget item ${index}`));
    const hits = createFtsSearchIndex(sqlite).candidates(['common', 'gadget'], { limit: 3 });
    expect(hits.map((hit) => hit.offerId)).toEqual([2500, 2499, 2498]);
  });

  it('ranks offers of equal rank newest first', () => {
    const sqlite = catalogWith(['Acme Widget QX77', 'Zeta Thing', 'Acme Widget QX77', 'Acme Widget QX77']);
    expect(createFtsSearchIndex(sqlite).candidates(['acme', 'qx77']).map((hit) => hit.offerId)).toEqual([4, 3, 1]);
  });

  it('counts words anew once told that offers changed', () => {
    const sqlite = catalogWith(['Acme Widget QX77']);
    const index = createFtsSearchIndex(sqlite);
    expect(index.documentFrequency('qx77')).toBe(1);
    expect(index.documentCount()).toBe(1);
    sqlite.prepare("INSERT INTO offers (id, retailer_id, product_id, updated_at, title) VALUES (2, 'shop', 2, '2026-01-01T00:00:00.000Z', 'Zeta QX77')").run();
    sqlite.exec("INSERT INTO offers_fts (rowid, title) VALUES (2, 'Zeta QX77')");
    // Kept for a while: counts steer which words are tried, and reading them costs a walk over each word's offers.
    expect(index.documentFrequency('qx77')).toBe(1);
    index.changed();
    expect(index.documentFrequency('qx77')).toBe(2);
    expect(index.documentCount()).toBe(2);
  });

  it('takes the longest run of leading words, then the first three alone, and with elsewhereThan only a run some other retailer carries', () => {
    const sqlite = catalogWith([
      { retailer: 'amazon', title: 'Apple iPhone 16, AI Camera, 128GB, Black' },
      { retailer: 'amazon', title: 'Apple iPhone 16, AI Camera, 512GB, Black' },
      { retailer: 'bestbuy', title: 'Apple - iPhone 16 256GB - Black' },
      { retailer: 'walmart', title: 'Apple iPhone 16, 256GB, Black' },
      { retailer: 'bestbuy', title: 'Apple - iPhone 15 256GB - Black' },
    ]);
    const index = createFtsSearchIndex(sqlite);
    const slug = ['apple', 'iphone', '16', 'ai', 'camera', '256gb', 'black'];
    // "apple iphone 16 ai camera" is the longest run any offer carries: Amazon's own way of writing its titles. Its
    // offers come first; those with the first three words alone follow (the run may go on into marketing words).
    const longest = index.leadingCandidates(slug).map((hit) => hit.offerId);
    expect(longest.slice(0, 2).sort()).toEqual([1, 2]);
    expect(longest.slice(2).sort()).toEqual([3, 4]);
    // Runs only the URL's retailer carries name no product: "apple iphone 16" does, and brings the 256GB offers.
    const elsewhere = index.leadingCandidates(slug, { elsewhereThan: 'amazon' }).map((hit) => hit.offerId);
    expect(elsewhere).toEqual(expect.arrayContaining([3, 4]));
    expect(elsewhere).not.toContain(5);
  });

  it('also takes the run one word shorter than the longest, which many newer offers of the line cannot crowd out', () => {
    const sqlite = catalogWith([
      { retailer: 'walmart', title: 'Lenovo IdeaPad Slim 5 Laptop, 16GB RAM 512GB SSD, Sky Blue' },
      { retailer: 'walmart', title: 'Lenovo IdeaPad Slim 5 Laptop Backlit Keyboard, 16GB RAM 512GB SSD, Black' },
      ...Array.from({ length: 250 }, (_, i) => ({ retailer: 'bestbuy', title: `Lenovo IdeaPad Slim 7 ${14 + (i % 3)}IRH${i} 16GB RAM 512GB SSD Laptop - Sky Blue` })),
    ]);
    const index = createFtsSearchIndex(sqlite);
    const slug = 'lenovo ideapad slim 5 laptop backlit keyboard windows 11 home 16gb ram 512gb ssd sky blue'.split(' ');
    // The longest run ("… laptop backlit") brings the Black one; the first three words alone, the newest of the line.
    const found = index.leadingCandidates(slug, { elsewhereThan: 'amazon' }).map((hit) => hit.offerId);
    expect(found[0]).toBe(2);
    expect(found).toContain(1);
  });

  it('ranks the newest offers with the leading words by the other words too, common ones among them', () => {
    const sqlite = catalogWith([
      { retailer: 'walmart', title: 'Anker PowerCore 737 Portable Charger, Black' },
      ...['Rose', 'Pale Gray', 'White', 'Blue', 'Green', 'Red'].map((colour) => ({ retailer: 'newegg', title: `Anker PowerCore 737 Portable Charger, Ergonomic, ${colour}` })),
      // "portable", "charger" and "black" are carried by more offers than the rarer words that narrow a query.
      ...Array.from({ length: 2100 }, (_, i) => ({ retailer: 'bestbuy', title: `Generic Portable Charger ${i} - Black` })),
    ]);
    const slug = 'anker powercore 737 portable charger ergonomic black'.split(' ');
    // The offers with "ergonomic" are enough candidates by themselves; the black one, without it, is one too.
    expect(createFtsSearchIndex(sqlite).leadingCandidates(slug, { elsewhereThan: 'amazon' }).map((hit) => hit.offerId)).toContain(1);
  });

  it('knows no candidates for words no offer carries', () => {
    const sqlite = catalogWith(['Acme Widget']);
    expect(createFtsSearchIndex(sqlite).candidates(['nothing'])).toEqual([]);
  });
});

describe('the search index port', () => {
  it('answers in words what the index finds, and reads its vocabulary with offer counts', async () => {
    const sqlite = catalogWith(['Acme Widget XR300 Blue', 'Other Gadget XR200', 'Acme Widget XR200 Blue', { retailer: 'other', title: 'Acme Widget XR200 Red' }]);
    sqlite.exec(`CREATE TABLE products (id INTEGER PRIMARY KEY, title TEXT NOT NULL, offer_count INTEGER NOT NULL);
      INSERT INTO products (id, title, offer_count) SELECT product_id, title, 1 FROM offers;`);
    const index = createFtsSearchIndex(sqlite);
    const port = createSqliteSearchIndexRepository({ sqlite });
    expect(await port.candidates(['acme', 'xr200'])).toEqual(index.candidates(['acme', 'xr200']));
    expect(await port.candidates(['acme', 'widget', 'blue'], { rarest: 2 })).toEqual(index.candidates(['acme', 'widget', 'blue'], { rarest: 2 }));
    expect(await port.leadingCandidates(['acme', 'widget', 'xr200'], { elsewhereThan: 'shop' })).toEqual(
      index.leadingCandidates(['acme', 'widget', 'xr200'], { elsewhereThan: 'shop' }),
    );
    expect(await port.documentCount()).toBe(4);
    expect(await port.offerCounts(['acme', 'xr200', 'nothing'])).toEqual(new Map([['acme', 3], ['xr200', 3], ['nothing', 0]]));
    expect(await port.vocabulary('ac', 'ad')).toEqual([{ word: 'acme', offers: 3 }]);
    expect((await port.productsCarrying(['widget'], 'xr2', 10)).map((product) => product.productId).sort()).toEqual([3, 4]);
  });
});
