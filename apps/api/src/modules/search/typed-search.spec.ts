import { randomUUID } from 'node:crypto';
import { importDemoCatalog } from '@pricehunt/catalog-core';
import type { FeedOffer } from '@pricehunt/catalog-feeds';
import { searchResultSchema, type SearchResult } from '@pricehunt/contracts';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { feedOffer as offer } from '@pricehunt/storage/testing';

/** For the describe block it is called in: typed words searched on a test app whose catalog holds `offers`. */
function typedSearchOn(offers: FeedOffer[], source: string): (query: string) => Promise<SearchResult> {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.catalog.ingestion.importOffers(offers, { format: 'gmc', source });
  });
  afterAll(() => t?.close());
  return async (query) => {
    if (!t) throw new Error('the test app is built before the tests run');
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { requestId: randomUUID(), query } });
    expect(res.statusCode).toBe(200);
    return searchResultSchema.parse(res.json());
  };
}

/** The product an answer names, or the first it lists. */
const firstTitle = (result: SearchResult) => (result.product ?? result.matches[0] ?? null)?.title ?? null;

/** Model numbers typed loosely (separators left out or put elsewhere, a suffix left off) find the listings stating them. */
describe('search API: a model number typed loosely', () => {
  const OFFERS = [
    // The number is written with a dash in the title and no part number is stated.
    offer({ externalId: '9001001', url: 'https://www.walmart.com/ip/x/9001001', title: 'Panasonic KX-TG6645B DECT 6.0 Cordless Phone with Answering System, 5 Handsets', priceCents: 12_999, category: 'Electronics > Phones' }),
    offer({ externalId: '9001002', url: 'https://www.walmart.com/ip/x/9001002', title: 'Tp-Link TL-WA500G 54Mbps Extended Range Wireless Access Point', priceCents: 3_999, category: 'Electronics > Networking' }),
    // The listing runs the number on into a region code; another carries the number of another model that begins alike.
    offer({ externalId: '9001003', url: 'https://www.walmart.com/ip/x/9001003', title: 'Canon PowerShot SX130IS 12.1 MP Digital Camera with 12x Zoom', brand: 'Canon', mpn: '4343B001', priceCents: 19_999, category: 'Cameras' }),
    offer({ externalId: '9001004', url: 'https://www.walmart.com/ip/x/9001004', title: 'Canon PowerShot SX1300 Bridge Camera', brand: 'Canon', mpn: '4999B001', priceCents: 29_999, category: 'Cameras' }),
    offer({ externalId: '9001005', url: 'https://www.walmart.com/ip/x/9001005', title: 'HP 29 Black Ink Cartridge 51629A', brand: 'HP', priceCents: 2_999, category: 'Printer Ink' }),
    offer({ externalId: '9001007', url: 'https://www.walmart.com/ip/x/9001007', title: 'Sony Cyber-shot DSC-W120 7.2MP Digital Camera', brand: 'Sony', priceCents: 14_999, category: 'Cameras' }),
    offer({ externalId: '9001006', url: 'https://www.walmart.com/ip/x/9001006', title: 'Trademark Global 130 dB Personal Alarm with Flashing Light', priceCents: 1_299, category: 'Safety' }),
    // A number written as one word, whose letters are one typo away from another listing's word and whose digits
    // other listings carry alone.
    offer({ externalId: '9001008', url: 'https://www.walmart.com/ip/x/9001008', title: 'Pioneer ADTVA133 2-DIN Installation Kit', brand: 'Pioneer', priceCents: 2_499, category: 'Car Audio' }),
    offer({ externalId: '9001009', url: 'https://www.walmart.com/ip/x/9001009', title: 'Terk HDTVA Indoor Amplified Antenna', brand: 'Terk', priceCents: 4_999, category: 'Antennas' }),
    offer({ externalId: '9001010', url: 'https://www.walmart.com/ip/x/9001010', title: 'Draper Fixed Frame Projection Screen 133 Diagonal', brand: 'Draper', priceCents: 89_999, category: 'Projection Screens' }),
    offer({ externalId: '9001011', url: 'https://www.walmart.com/ip/x/9001011', title: 'Heat Shrink Tubing Kit 133 Piece', priceCents: 1_499, category: 'Tools' }),
    // Short numbers that listings write in two words, and other listings that carry those words apart.
    offer({ externalId: '9001012', url: 'https://www.walmart.com/ip/x/9001012', title: 'Sony ZV-1 Digital Camera for Content Creators', brand: 'Sony', priceCents: 64_999, category: 'Cameras' }),
    offer({ externalId: '9001013', url: 'https://www.walmart.com/ip/x/9001013', title: 'Brother P-Touch PT-18R Rechargeable Labeling System', brand: 'Brother', priceCents: 5_999, category: 'Label Makers' }),
    offer({ externalId: '9001014', url: 'https://www.walmart.com/ip/x/9001014', title: 'Draper Matte White Screen 18 x 18 PT Series', brand: 'Draper', priceCents: 39_999, category: 'Projection Screens' }),
  ];
  const search = typedSearchOn(OFFERS, 'loose model fixtures');

  it('finds the number typed without its dash, or with spaces between its letters and digits', async () => {
    for (const query of ['kxtg6645b', 'kxtg 6645 b', 'KX TG 6645B', 'tlwa500g', 'tl wa 500 g']) {
      const result = await search(query);
      expect({ query, title: firstTitle(result) }).toEqual({ query, title: expect.stringMatching(/^k/i.test(query) ? /KX-TG6645B/ : /TL-WA500G/) });
    }
  });

  it('finds it typed without the letters its listing adds, and not a model whose digits go on', async () => {
    const result = await search('sx 130');
    expect(result.product?.title).toMatch(/SX130IS/);
    expect(result.matches).toEqual([]);
  });

  it('finds it typed with letters its listing leaves off, and a number of digits alone typed without its letter', async () => {
    expect((await search('dscw120b')).product?.title).toMatch(/DSC-W120/);
    expect((await search('51629')).product?.title).toMatch(/51629A/);
  });

  it('reads the other typed words under any name of the product’s brand', async () => {
    for (const query of ['hewlett packard 51629a', 'hewlett-packard 51629']) expect({ query, title: (await search(query)).product?.title }).toEqual({ query, title: expect.stringMatching(/51629A/) });
  });

  it('finds a number typed in two words that its listing writes as one, as typed rather than corrected', async () => {
    const result = await search('adtva 133');
    expect(firstTitle(result)).toMatch(/ADTVA133/);
    expect(result.correctedQuery).toBeNull();
  });

  it('finds a short number typed as one word that its listing writes in two, with the letters its listing adds', async () => {
    expect((await search('zv1')).product?.title).toMatch(/ZV-1/);
    expect((await search('sony zv1')).product?.title).toMatch(/ZV-1/);
    // "pt" and "18" stand apart in the screen's listing: it states no "pt18".
    expect(firstTitle(await search('pt18'))).toMatch(/PT-18R/);
    expect(firstTitle(await search('zv2'))).toBeNull();
  });

  it('names nothing for a number no listing states', async () => {
    const unknown = await search('zq 7731 x');
    expect(unknown.product).toBeNull();
    expect(unknown.matches).toEqual([]);
  });
});

/** Typed words that fit several products list first those with a listing that holds the words as typed. */
describe('search API: typed words as a phrase', () => {
  const OFFERS = [
    offer({ externalId: '9101001', url: 'https://www.walmart.com/ip/x/9101001', title: 'Adobe Creative Suite CS3 Premium Print Design Web Tools for Windows', brand: 'Adobe', priceCents: 99_999, category: 'Software' }),
    offer({ externalId: '9101002', url: 'https://www.walmart.com/ip/x/9101002', title: 'Adobe Creative Suite CS3 Web Standard', brand: 'Adobe', priceCents: 79_999, category: 'Software' }),
    offer({ externalId: '9101003', url: 'https://www.walmart.com/ip/x/9101003', title: 'Adobe Creative Suite CS3 Master Collection with Web Tools', brand: 'Adobe', priceCents: 249_999, category: 'Software' }),
  ];
  const search = typedSearchOn(OFFERS, 'phrase fixtures');

  it('lists the product whose listing holds the words in their order first', async () => {
    const result = await search('adobe creative suite cs3 web');
    const listed = [result.product, ...result.matches].filter((entry) => entry !== null).map((entry) => entry.title);
    expect(listed[0]).toBe('Adobe Creative Suite CS3 Web Standard');
  });
});

/** Real listings (ER-Magellan Walmart-Amazon): one shop's model field is words a shopper types ("iPod Nano 6G"). */
describe('search API: typed words that one shop’s model number is made of', () => {
  const at = (shop: string, id: string) => `https://www.${shop}.com/ip/${id}`;
  const search = typedSearchOn(
    [
      offer({ externalId: 'W1', url: at('walmart', '241'), title: 'Iluv iPod Nano 6G Clear Type Protective Film', brand: 'Iluv', mpn: 'ICC1112CLR' }),
      offer({ externalId: 'A1', url: at('amazon', '19012'), title: 'Iluv ICC1112CLR iPod Nano 6G Clear Type Protective Film', brand: 'Iluv', mpn: 'ICC1112CLR' }),
      offer({ externalId: 'W2', url: at('walmart', '574'), title: 'Iluv iPod Nano 6G Clear Glare-Free Screen Film', brand: 'Iluv', mpn: 'ICC1111' }),
      offer({ externalId: 'W3', url: at('walmart', '16841'), title: 'Scosche Isab iPod Nano 6G Soundkase N6 Sport Case', brand: 'Scosche', mpn: 'iPod Nano 6G' }),
      offer({ externalId: 'A3', url: at('amazon', '7161'), title: 'Scosche Isab Soundkase Armband and Skin for iPod Nano 6G', brand: 'Scosche' }),
      offer({ externalId: 'A4', url: at('amazon', '9105'), title: 'Iwatchz Timepiece Collection Leather Watch Wrist Strap for iPod Nano 6G', brand: 'Iwatchz' }),
    ],
    'joined model words fixtures',
  );

  it('finds the products holding every word, whatever order they are typed in, where the joined words rule them out', async () => {
    for (const query of ['Iluv iPod Nano 6G Clear', 'iPod Nano 6G Clear Iluv']) {
      const result = await search(query);
      expect({ query, first: firstTitle(result) }).toEqual({ query, first: expect.stringMatching(/^Iluv iPod Nano 6G Clear/) });
    }
  });

  it('still finds the shop’s listing by the words of its model number', async () => {
    expect(firstTitle(await search('Scosche iPod Nano 6G Soundkase'))).toMatch(/^Scosche Isab iPod Nano 6G Soundkase/);
  });
});

/** Words a product's listings hold only some of, on the demo catalog of real listings. */
describe('search API: words the best fit holds only some of', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
    await importDemoCatalog(t.app.catalog.ingestion, { days: 1 });
  }, 120_000);
  afterAll(() => t?.close());
  const search = async (query: string) => {
    const res = await (t as TestApp).app.inject({ method: 'POST', url: '/api/search', payload: { requestId: randomUUID(), query } });
    expect(res.statusCode).toBe(200);
    return searchResultSchema.parse(res.json());
  };

  it('names no product for a number alone, nor one whose listings lack the number typed', async () => {
    // "norton 360" shares only the 360 of the Insta360 X4; "iphone 14" only the 14 of a 14-cup coffeemaker; no Nikon is a 360.
    for (const query of ['norton 360', 'iphone 14', 'nikon 360']) {
      const result = await search(query);
      expect({ query, product: result.product?.title ?? null }).toEqual({ query, product: null });
    }
    expect((await search('norton 360')).similarProducts.map((product) => product.title)).toContainEqual(expect.stringMatching(/^Insta360 X4/));
  });

  it('offers as similar products first what the name typed with a number names, not things sharing the number', async () => {
    const iphones = (await search('iphone 14')).similarProducts.map((product) => product.title);
    expect(iphones.length).toBeGreaterThan(0);
    expect(iphones.slice(0, 4)).toEqual(iphones.slice(0, 4).map(() => expect.stringMatching(/^Apple iPhone 1[56]/)));
    const nikons = (await search('nikon 360')).similarProducts.map((product) => product.title);
    expect(nikons[0]).toMatch(/^Nikon /);
    // "galaxy s23" where the catalog sells the S24 and S25: those first, not the Galaxy Watch "galaxy" finds as readily.
    const galaxies = (await search('galaxy s23')).similarProducts.map((product) => product.title);
    expect(galaxies.slice(0, 3)).toEqual(galaxies.slice(0, 3).map(() => expect.stringMatching(/^Samsung Galaxy (Tab )?S\d\d/)));
    // Words that list products offer as similar only what shares a word of theirs, not their number alone.
    const watches = await search('galaxy watch 7');
    expect(watches.matches.length).toBeGreaterThan(0);
    expect(watches.similarProducts.map((product) => product.title).filter((title) => !/galaxy|watch/i.test(title))).toEqual([]);
  });

  it('offers as similar products first the nearest models of a model number no product states, of the maker typed', async () => {
    // The demo sells Sony's X80K and A80L TVs in several sizes, not the X85K nor the A85L: the nearest model's sizes lead.
    for (const query of ['sony kd-55x85k', 'kd55x85k']) {
      const result = await search(query);
      const titles = result.similarProducts.map((product) => product.title);
      expect({ query, product: result.product, first: titles.slice(0, 5).sort() }).toEqual({
        query,
        product: null,
        first: ['43', '50', '55', '65', '75'].map((size) => `Sony X80K KD${size}X80K 4K HDR LED Google TV (${size}")`),
      });
    }
    // Then Sony's other TVs, before its game consoles.
    const afterLine = (await search('sony kd-55x85k')).similarProducts.slice(5).map((product) => product.category);
    expect(afterLine.length).toBeGreaterThan(0);
    const tvs = afterLine.filter((category) => category === 'TVs').length;
    expect(tvs).toBeGreaterThan(0);
    expect(afterLine.slice(0, tvs)).toEqual(afterLine.slice(0, tvs).map(() => 'TVs'));
    expect((await search('xr65a85l')).similarProducts.map((product) => product.title)).toContain('Sony BRAVIA XR A80L XR65A80L OLED 4K HDR Google TV (65")');
    expect((await search('samsung kd55x85k')).similarProducts.filter((product) => product.brand === 'Sony')).toEqual([]);
    // A phone's model number with another region's letter: its offers state no model number, their titles write
    // "SM-S928U"; the S24 Ultra is similar to the "SM-S928B", of Samsung's only.
    // The letters that mark a variant after a slash ("/DS", dual SIM) are no model's; a number typed with the line's
    // name too ("galaxy s24 ultra sm-s928b/ds") is looked for alone.
    for (const query of ['sm-s928b', 'samsung s928b', 'SM-S928B/DS', 'galaxy s24 ultra SM-S928B/DS']) {
      const phone = await search(query);
      expect({ query, found: phone.product ?? phone.matches }).toEqual({ query, found: [] });
      expect(phone.similarProducts.slice(0, 4).map((product) => product.title)).toEqual([0, 1, 2, 3].map(() => expect.stringMatching(/^Samsung Galaxy S24 Ultra SM-S928U /)));
    }
    expect((await search('sony sm-s928b')).similarProducts.filter((product) => /SM-S928U/.test(product.title))).toEqual([]);
  });

  it('names, among a line’s models, the one whose listings hold the number glued to the line’s name', async () => {
    // "gopro 12" fits the HERO13, HERO12 and HERO11 about equally; only the HERO12's listings hold a 12, as "HERO12".
    const result = await search('gopro 12');
    expect(result.product?.title).toMatch(/^GoPro HERO12 /);
    expect(result.similarProducts.slice(0, 2).map((product) => product.title)).toEqual([expect.stringMatching(/^GoPro HERO1[13] /), expect.stringMatching(/^GoPro HERO1[13] /)]);
    expect((await search('airpods 3')).product).toBeNull();
  });

  it('reads a line’s short name glued to a model’s number as the name its listings write', async () => {
    const result = await search('bose qc45');
    expect(result.correctedQuery).toBe('bose quietcomfort 45');
    expect(result.product?.title ?? result.matches[0]?.title).toMatch(/^Bose QuietComfort 45 /);
    // Garmin's Forerunner as runners write it.
    const garmin = await search('fr965');
    expect(garmin.correctedQuery).toBe('forerunner 965');
    expect(firstTitle(garmin)).toMatch(/^Garmin Forerunner 965 /);
  });

  it('reads letters glued to a model’s number as the line’s name its listings write ("a7c ii": Alpha 7C II)', async () => {
    for (const typed of ['sony a7c ii', 'a7cii', 'a7c2']) expect(firstTitle(await search(typed))).toMatch(/^Sony Alpha 7C II /);
    expect(firstTitle(await search('sony a7iv'))).toMatch(/^Sony Alpha 7 IV /);
  });

  it('lists the sizes and colours of a model whose listings all hold the words, not the one whose listing says least', async () => {
    // "Apple Watch Series 9 GPS 45mm (Silver)" fits best, but the 41mm and the other colours' listings hold the words too.
    const result = await search('apple watch series 9');
    expect(result.product).toBeNull();
    expect(result.matches.length).toBeGreaterThan(2);
    expect(result.matches.map((product) => product.title)).toEqual(result.matches.map(() => expect.stringMatching(/Apple Watch Series 9 /)));
    expect(result.matches.map((product) => product.title)).toContainEqual(expect.stringMatching(/41mm/));
  });

  it('lists no product of another edition than the one typed, and finds the edition a plus sign writes', async () => {
    // The catalog sells the iPhone 15, the 15 Plus and the 16 Pro, no 15 Pro.
    const pro = await search('iphone 15 pro');
    expect([pro.product, ...pro.matches].filter((product) => product !== null && /15 Plus/.test(product.title))).toEqual([]);
    expect(pro.similarProducts.map((product) => product.title)).toContainEqual(expect.stringMatching(/^Apple iPhone (15 Plus|16 Pro)/));
    const plus = await search('galaxy s24 plus');
    expect(plus.product?.title ?? plus.matches[0]?.title).toMatch(/^Samsung Galaxy S24\+/);
    // A plus sign written apart, after the word typed before "plus": "Beats Studio Buds + True Wireless …".
    const buds = await search('beats studio buds plus');
    expect([buds.product, ...buds.matches].filter((product) => product !== null).map((product) => product.title)).toEqual(
      [buds.product, ...buds.matches].filter((product) => product !== null).map(() => expect.stringMatching(/^Beats Studio Buds \+ /)),
    );
    expect(buds.product ?? buds.matches[0]).toBeTruthy();
  });

  it('names no product for a short word no listing carries, which the best fit lacks', async () => {
    // "nikon zx": no listing carries "zx", nor "z" and "x" apart: the Z6III that "nikon" finds is another camera.
    const result = await search('nikon zx');
    expect(result.product).toBeNull();
    expect(result.similarProducts.map((product) => product.title)).toContainEqual(expect.stringMatching(/^Nikon Z6III /));
  });

  it('finds a short word typed glued that listings write as two letters apart ("nikon zf": Z f), and says so', async () => {
    const result = await search('nikon zf');
    expect(result.correctedQuery).toBe('nikon z f');
    expect(firstTitle(result)).toMatch(/^Nikon Z f /);
  });

  it('still names the product whose listings hold the words', async () => {
    expect((await search('360 camera')).product?.title).toMatch(/^Insta360 X4/);
    expect((await search('cuisinart 14 cup coffeemaker')).product?.title).toMatch(/^Cuisinart DCC-3200/);
  });
});

/** A model's generation typed as a number where listings write it in Roman numerals, or "mk" for "Mark". */
describe('search API: a generation typed the other way', () => {
  const OFFERS = [
    offer({ externalId: '9003001', url: 'https://www.walmart.com/ip/x/9003001', title: 'Canon EOS R6 Mark II Mirrorless Camera Body', brand: 'Canon', priceCents: 219_999, category: 'Cameras' }),
    offer({ externalId: '9003002', url: 'https://www.walmart.com/ip/x/9003002', title: 'Canon EOS R6 Mirrorless Camera Body', brand: 'Canon', priceCents: 149_999, category: 'Cameras' }),
    offer({ externalId: '9003003', url: 'https://www.walmart.com/ip/x/9003003', title: 'Sony Alpha 7 IV Full-Frame Mirrorless Camera Body', brand: 'Sony', priceCents: 249_999, category: 'Cameras' }),
    offer({ externalId: '9003004', url: 'https://www.walmart.com/ip/x/9003004', title: 'Sony Alpha 7 III Full-Frame Mirrorless Camera Body', brand: 'Sony', priceCents: 169_999, category: 'Cameras' }),
    offer({ externalId: '9003005', url: 'https://www.walmart.com/ip/x/9003005', title: 'Marshall Emberton 3 Portable Bluetooth Speaker', brand: 'Marshall', priceCents: 16_999, category: 'Speakers' }),
    offer({ externalId: '9003006', url: 'https://www.walmart.com/ip/x/9003006', title: 'Apple AirPods Pro 2 Wireless Earbuds with MagSafe Charging Case (USB-C)', brand: 'Apple', priceCents: 24_999, category: 'Headphones' }),
    offer({ externalId: '9003007', url: 'https://www.walmart.com/ip/x/9003007', title: 'Apple AirPods 4 Wireless Earbuds', brand: 'Apple', priceCents: 12_999, category: 'Headphones' }),
    offer({ externalId: '9003008', url: 'https://www.walmart.com/ip/x/9003008', title: 'Amazon Kindle Paperwhite (12th Generation) E-Reader (16GB, Black)', brand: 'Amazon', priceCents: 15_999, category: 'E-Readers' }),
    offer({ externalId: '9003009', url: 'https://www.walmart.com/ip/x/9003009', title: 'Apple iPad (10th Generation) Wi-Fi (10.9", 64GB, Pink)', brand: 'Apple', priceCents: 34_999, category: 'Tablets' }),
    offer({ externalId: '9003010', url: 'https://www.walmart.com/ip/x/9003010', title: 'Amazon Echo Dot (5th Gen) Smart Speaker with Alexa (Charcoal)', brand: 'Amazon', priceCents: 4_999, category: 'Speakers' }),
    offer({ externalId: '9003011', url: 'https://www.walmart.com/ip/x/9003011', title: 'Amazon Echo Show 8 (3rd Gen) Smart Display (Charcoal)', brand: 'Amazon', priceCents: 14_999, category: 'Speakers' }),
    offer({ externalId: '9003012', url: 'https://www.walmart.com/ip/x/9003012', title: 'Nikon Z6III Body Only Mirrorless Camera', brand: 'Nikon', priceCents: 199_699, category: 'Cameras' }),
  ];
  const search = typedSearchOn(OFFERS, 'generation fixtures');

  it('finds the Mark II typed "mark 2" or "mk2", and says how it read the words', async () => {
    const typed = await search('canon r6 mark 2');
    expect(firstTitle(typed)).toMatch(/R6 Mark II/);
    expect(typed.correctedQuery).toBe('canon r6 mark ii');
    expect(firstTitle(await search('r6 mk2'))).toMatch(/R6 Mark II/);
  });

  it('finds the generation typed as a number or as a Roman numeral, not the one before it', async () => {
    expect(firstTitle(await search('sony alpha 7 4'))).toMatch(/Alpha 7 IV/);
    expect(firstTitle(await search('marshall emberton iii'))).toMatch(/Emberton 3/);
  });

  it('names no later generation of a model number typed with a Roman numeral its listing runs on ("z6ii" is no Z6III)', async () => {
    for (const query of ['nikon z6 ii', 'z6ii']) {
      const result = await search(query);
      expect({ query, named: firstTitle(result), similar: result.similarProducts.map((product) => product.title) }).toEqual({
        query,
        named: null,
        similar: expect.arrayContaining(['Nikon Z6III Body Only Mirrorless Camera']),
      });
    }
    expect(firstTitle(await search('nikon z6iii'))).toBe('Nikon Z6III Body Only Mirrorless Camera');
  });

  it('finds the generation typed as an ordinal ("2nd gen") that listings write as a number', async () => {
    for (const query of ['airpods pro 2nd gen', 'AirPods Pro 2nd Generation']) {
      const result = await search(query);
      expect({ query, title: firstTitle(result) }).toEqual({ query, title: expect.stringMatching(/^Apple AirPods Pro 2 /) });
      expect(result.correctedQuery).toBe('airpods pro 2');
    }
  });

  it('finds a generation its listings write in the brackets of their name, typed as they write it', async () => {
    // "Generation" there is no kind of thing that the item is only for, as "(16GB, Black)" holds no kind.
    for (const [query, title] of [['kindle paperwhite 12th generation', /^Amazon Kindle Paperwhite \(12th Generation\)/], ['ipad 10th generation', /^Apple iPad \(10th Generation\)/]] as const) {
      const result = await search(query);
      expect({ query, title: firstTitle(result) }).toEqual({ query, title: expect.stringMatching(title) });
      expect(result.correctedQuery).toBeNull();
    }
    // Typed "generation" where its listings write "Gen": the Echo Dot, not the Kindle whose listing writes "Generation".
    expect(firstTitle(await search('echo dot 5th generation'))).toMatch(/^Amazon Echo Dot \(5th Gen\)/);
  });

  it('keeps words as typed when the other spelling finds no product holding them all', async () => {
    const result = await search('canon r6 mark 5');
    expect(result.correctedQuery).toBeNull();
    expect(result.product).toBeNull();
  });
});

/** Names written with a trademark sign ("DualSense™"), found by the name typed without it. */
describe('search API: a name its listings write with a trademark sign', () => {
  const OFFERS = [
    offer({ externalId: '9004001', url: 'https://www.walmart.com/ip/x/9004001', title: 'Sony DualSense™ Wireless Controller – Cosmic Red', brand: 'Sony', priceCents: 7_499, category: 'Video Games' }),
    offer({ externalId: '9004002', url: 'https://www.walmart.com/ip/x/9004002', title: 'Sony DualSense Edge Wireless Controller', brand: 'Sony', priceCents: 19_999, category: 'Video Games' }),
    offer({ externalId: '9004003', url: 'https://www.walmart.com/ip/x/9004003', title: 'Nintendo Switch™ – OLED Model with White Joy-Con™', brand: 'Nintendo', priceCents: 34_999, category: 'Video Games' }),
    offer({ externalId: '9004004', url: 'https://www.walmart.com/ip/x/9004004', title: 'Nintendo Switch Lite Console, Turquoise', brand: 'Nintendo', priceCents: 19_999, category: 'Video Games' }),
  ];
  const search = typedSearchOn(OFFERS, 'trademark fixtures');

  it('finds the product by its name typed without the sign, before the names that add a word', async () => {
    expect(firstTitle(await search('dualsense wireless controller cosmic red'))).toMatch(/^Sony DualSense™ Wireless Controller/);
    expect(firstTitle(await search('switch oled model'))).toMatch(/^Nintendo Switch™ – OLED/);
    expect(firstTitle(await search('nintendo switch oled white joy-con'))).toMatch(/^Nintendo Switch™ – OLED/);
  });
});

/** A size typed apart from its unit ("42 mm") where listings write it glued ("42mm"). */
describe('search API: a number typed apart from its unit', () => {
  const OFFERS = [
    offer({ externalId: '9005001', url: 'https://www.walmart.com/ip/x/9005001', title: 'Apple Watch Series 10 GPS 42mm Aluminum Case with Sport Band (Jet Black)', brand: 'Apple', priceCents: 39_999, category: 'Smartwatches' }),
    offer({ externalId: '9005002', url: 'https://www.walmart.com/ip/x/9005002', title: 'Apple Watch Series 10 GPS 46mm Aluminum Case with Sport Band (Jet Black)', brand: 'Apple', priceCents: 42_999, category: 'Smartwatches' }),
    offer({ externalId: '9005003', url: 'https://www.walmart.com/ip/x/9005003', title: 'Samsung Galaxy Watch7 44mm Bluetooth Smartwatch (Green)', brand: 'Samsung', priceCents: 29_999, category: 'Smartwatches' }),
    // Listings that write the unit as a word of its own.
    offer({ externalId: '9005004', url: 'https://www.walmart.com/ip/x/9005004', title: 'Sony FE 50 mm F1.8 Standard Lens', brand: 'Sony', priceCents: 24_999, category: 'Lenses' }),
    offer({ externalId: '9005005', url: 'https://www.walmart.com/ip/x/9005005', title: 'Canon RF 35 mm F1.8 Macro IS STM Lens', brand: 'Canon', priceCents: 49_999, category: 'Lenses' }),
  ];
  const search = typedSearchOn(OFFERS, 'unit fixtures');

  it('finds the size its listings write glued, and says how it read the words', async () => {
    const result = await search('apple watch series 10 42 mm');
    expect(firstTitle(result)).toMatch(/Series 10 GPS 42mm/);
    expect(result.correctedQuery).toBe('apple watch series 10 42mm');
  });
});

/** A barcode's number typed or scanned, as printed under the bars or as a shop's feed states it. */
describe('search API: a barcode’s number', () => {
  const OFFERS = [
    offer({ externalId: '9006001', url: 'https://www.walmart.com/ip/x/9006001', title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones - Black', brand: 'Sony', gtin: '0027242923232', priceCents: 32_999, category: 'Headphones' }),
    offer({ externalId: '9006002', url: 'https://www.walmart.com/ip/x/9006002', title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones - Silver', brand: 'Sony', gtin: '0027242923386', priceCents: 32_999, category: 'Headphones' }),
    offer({ externalId: '9006003', url: 'https://www.walmart.com/ip/x/9006003', title: 'Anker Nano Charger 20W USB-C', brand: 'Anker', priceCents: 1_999, category: 'Chargers' }),
  ];
  const search = typedSearchOn(OFFERS, 'barcode fixtures');

  it('names the product whose offers state it, typed as a UPC, an EAN or grouped as printed', async () => {
    for (const query of ['027242923232', '0027242923232', '0 27242 92323 2', '00027242923232']) {
      const result = await search(query);
      expect({ query, title: result.product?.title ?? null, confidence: result.product?.confidence }).toEqual({ query, title: expect.stringMatching(/WH-1000XM5 .*Black/), confidence: 1 });
    }
  });

  it('searches a number with a wrong check digit, or that no offer states, as words', async () => {
    expect(firstTitle(await search('027242923233'))).toBeNull();
    expect(firstTitle(await search('4006381333931'))).toBeNull();
  });
});
