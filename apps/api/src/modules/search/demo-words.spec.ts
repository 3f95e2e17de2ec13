import type { SearchResult } from '@pricehunt/contracts';
import { seedDemoCatalog } from '@pricehunt/catalog-core';
import { type SearchTestApp, withSearch } from '../../testing/search-app';
import { buildTestApp } from '../../testing/test-app';
import { values } from '../../testing/db';

/**
 * Words shoppers type, searched in the demo catalog (its real products' listings, one day of prices): a line the
 * catalog does not sell, a maker with another maker's kind of thing, and a capacity typed without its unit.
 */

describe('search API on the demo catalog: what shoppers type', () => {
  let t: SearchTestApp;
  beforeAll(async () => {
    t = withSearch(await buildTestApp());
    await seedDemoCatalog(t.app.catalog, t.app.storage.catalog, { demo: true, days: 1 });
    await t.app.catalog.spelling.ready();
  }, 120_000);
  afterAll(() => t.close());

  const found = (result: SearchResult) => [...(result.product ? [result.product] : []), ...result.matches];

  it('names no product by a phrase shops add to its listings ("Family Fun", "Eye Care"), only by the words of its name', async () => {
    const names = await values<string>(t.app, 'SELECT title FROM products');
    expect(names.length).toBeGreaterThan(300);
    const phrases = /Family Fun|Immersive Play|Next-Gen|Stunning Display|Eye Care|Low Blue Light|Deep Bass|Easy to Clean|Home Office|Content Creation|Compatible with Mac/;
    expect(names.filter((name) => phrases.test(name))).toEqual([]);
  });

  it('lists nothing for a maker’s line the catalog does not sell, and shows the maker’s products as similar ("dyson airwrap")', async () => {
    // Nor a line typed with a model number or a number another line of the maker's writes ("hp spectre x360": the ENVY
    // x360; "dji mavic 3": the Osmo Pocket 3).
    for (const words of ['dyson airwrap', 'sony xperia', 'samsung bespoke', 'philips hue', 'hp spectre x360', 'dji mavic 3']) {
      const result = await t.search(words);
      expect({ words, found: found(result).map((product) => product.title) }).toEqual({ words, found: [] });
      expect(result.correctedQuery).toBeNull();
      expect(result.similarProducts.length).toBeGreaterThan(0);
      expect(result.similarProducts.every((product) => product.brand === result.similarProducts[0]?.brand)).toBe(true);
    }
    // A maker the catalog lacks: other makers' chargers are similar, none is listed. Spelling's "green" is no answer
    // either: no charger found is green.
    const charger = await t.search('ugreen charger');
    expect(found(charger)).toEqual([]);
    expect(charger.similarProducts.length).toBeGreaterThan(0);
    // A kind its listings write as the end of a compound: other makers' smartphones for "huawei phone", not headphones.
    for (const words of ['huawei phone', 'huawei phones']) {
      const phone = await t.search(words);
      expect(found(phone)).toEqual([]);
      expect(phone.similarProducts.length).toBeGreaterThan(3);
      expect(phone.similarProducts.filter((product) => product.category !== 'Smartphones')).toEqual([]);
      // Makers in turn: the first six cards (a line's versions are one) hold many of them.
      const cards = [...new Map(phone.similarProducts.map((product) => [product.line?.key ?? product.title, product.brand])).values()];
      expect(new Set(cards.slice(0, 6)).size).toBeGreaterThanOrEqual(4);
    }
    // A kind of two letters as well: other makers' TVs for "roku tv".
    const tv = await t.search('roku tv');
    expect(found(tv)).toEqual([]);
    expect(tv.similarProducts.length).toBeGreaterThan(0);
    expect(tv.similarProducts.filter((product) => product.category !== 'TVs')).toEqual([]);
    // A misspelt word is no such name: it is corrected, and what it finds is listed.
    const typo = await t.search('sony headphnes');
    expect(typo.correctedQuery).toBe('sony headphones');
    expect(found(typo).length).toBeGreaterThan(0);
    // One of three letters too, read against the names of what the other words find.
    const short = await t.search('airpods prp');
    expect(short.correctedQuery).toBe('airpods pro');
    expect(found(short).length).toBeGreaterThan(0);
    expect(found(short).filter((product) => !product.title.includes('AirPods Pro'))).toEqual([]);
    // Beside a line's short name, among what the name written out finds.
    const slim = await t.search('ps5 slm');
    expect(slim.correctedQuery).toBe('playstation 5 slim');
    expect(found(slim).length).toBeGreaterThan(0);
    expect(found(slim).filter((product) => !product.title.includes('PlayStation 5 Slim'))).toEqual([]);
  });

  it('lists the products whose listings write a typed word with a generation glued to it ("galaxy z flip": Z Flip6)', async () => {
    for (const [words, glued] of [['samsung smarttag', 'SmartTag2'], ['galaxy smarttag', 'SmartTag2'], ['galaxy z flip', 'Flip6'], ['galaxy flip', 'Flip6'], ['gopro hero', 'HERO1']]) {
      const result = await t.search(words as string);
      const titles = found(result).map((product) => product.title);
      expect({ words, listed: titles.length > 0 }).toEqual({ words, listed: true });
      // Every product of the line is listed, not only those of the offers read first.
      if (words === 'galaxy z flip') expect(titles.length).toBeGreaterThan(5);
      expect(titles.filter((title) => !title.includes(glued as string))).toEqual([]);
      expect(result.correctedQuery).toBeNull();
    }
  });

  it('lists no other maker’s products for words that name a maker whose products hold none of the others ("apple tv 4k")', async () => {
    const result = await t.search('apple tv 4k');
    expect(found(result).map((product) => product.title)).toEqual([]);
    expect(result.similarProducts.length).toBeGreaterThan(0);
    // A maker whose name is an English word ("crucial", which sells SSDs here): no laptop "with 32GB RAM" is listed.
    const crucial = await t.search('crucial 32gb ram');
    expect({ found: found(crucial).map((product) => product.title), correctedQuery: crucial.correctedQuery }).toEqual({ found: [], correctedQuery: null });
    // A maker whose products hold the other words: only its products are listed.
    const samsung = found(await t.search('samsung tv 65'));
    expect(samsung.length).toBeGreaterThan(0);
    expect(samsung.every((product) => product.brand === 'Samsung')).toBe(true);
  });

  it('reads neither a line’s edition nor a word like its kind’s as a kind its maker sells ("iphone 15 pro", "ps5 games")', async () => {
    // The catalog sells the iPhone 15 and 15 Plus and the 16 Pro: it names no "apple pro", and shows the 16 Pro as similar.
    const pro = await t.search('iphone 15 pro');
    expect(found(pro)).toEqual([]);
    expect(pro.correctedQuery).toBeNull();
    expect(pro.similarProducts[0]?.title).toMatch(/^Apple iPhone 16 Pro /);
    // Nor an "apple pro max" of the 16 Pro Max, the only products that hold both editions: they are similar.
    const proMax = await t.search('iphone 15 pro max');
    expect({ found: found(proMax).map((product) => product.title), correctedQuery: proMax.correctedQuery }).toEqual({ found: [], correctedQuery: null });
    expect(proMax.similarProducts[0]?.title).toMatch(/^Apple iPhone 16 Pro Max /);
    // Nor an "apple 16" of the iPhone 16s for a thing for the line typed before it, which the catalog does not sell.
    const protector = await t.search('screen protector iphone 16');
    expect({ found: found(protector).map((product) => product.title), correctedQuery: protector.correctedQuery }).toEqual({ found: [], correctedQuery: null });
    // Nor does it sell the Galaxy S24 FE: no S24 is named; Samsung's products are similar.
    const fe = await t.search('galaxy s24 fe');
    expect(found(fe)).toEqual([]);
    expect(fe.similarProducts.length).toBeGreaterThan(0);
    expect(fe.similarProducts.every((product) => product.brand === 'Samsung')).toBe(true);
    // It sells no games: no "sony games" of the controllers whose listings say "Gaming", nor consoles; they are similar.
    // An Xbox controller one shop lists "with Game Bundle" is no game either.
    for (const words of ['ps5 games', 'nintendo switch games', 'xbox games']) {
      const games = await t.search(words);
      expect({ words, found: found(games).map((product) => product.title), correctedQuery: games.correctedQuery }).toEqual({ words, found: [], correctedQuery: null });
      expect(games.similarProducts.length).toBeGreaterThan(0);
    }
  });

  it('lists the edition the words name before the others of its line ("galaxy s24": no S24+ or Ultra among the S24s; "samsung t7": no Shield)', async () => {
    for (const words of ['galaxy s24', 'galaxy s25', 'samsung galaxy s24']) {
      const titles = found(await t.search(words)).map((product) => product.title);
      // Listed "S24 SM-…" first, then "S24+ SM-…" and "S24 Ultra SM-…", never one of those before an S24.
      const base = titles.map((title) => / S2\d SM-/.test(title));
      expect({ words, base: base.filter(Boolean).length > 1, order: base.lastIndexOf(true) < base.indexOf(false) }).toEqual({ words, base: true, order: true });
    }
    // Every iPhone 16 in its colours and sizes, before the Pro and Pro Max, on both engines.
    const iphones = found(await t.search('iphone 16')).map((product) => /^Apple iPhone 16 \(/.test(product.title));
    expect({ base: iphones.filter(Boolean).length, order: iphones.lastIndexOf(true) < iphones.indexOf(false) || !iphones.includes(false) }).toEqual({ base: 15, order: true });
    // A line's word that is no edition ("Shield", "with Active Noise Cancellation") comes after the product without it.
    for (const [words, line] of [['samsung t7', / Shield /], ['airpods 4', / with Active Noise Cancellation /]] as const) {
      const lines = found(await t.search(words)).map((product) => line.test(product.title));
      expect({ words, both: lines.includes(true) && lines.includes(false), order: lines.lastIndexOf(false) < lines.indexOf(true) }).toEqual({ words, both: true, order: true });
    }
  });

  it('reads a name typed glued to its number as the two words listings write ("iphone16", "s24ultra")', async () => {
    // Only the listings that glue them ("iPhone16 Pro Max", "iPhone 16e") were found; the words as listings write them
    // find the iPhone 16s, and the answer says what was searched.
    const titles = async (words: string) => found(await t.search(words)).map((product) => product.title);
    for (const [glued, apart] of [['iphone16', 'iphone 16'], ['s24ultra', 's24 ultra'], ['playstation5', 'playstation 5'], ['pixel9', 'pixel 9']] as const) {
      const result = await t.search(glued);
      expect({ glued, correctedQuery: result.correctedQuery }).toEqual({ glued, correctedQuery: apart });
      expect(found(result).map((product) => product.title)).toEqual(await titles(apart));
    }
    // A model number listings write in one word is no name and number: it is searched as typed.
    const sony = await t.search('wh1000xm5');
    expect(sony.correctedQuery).toBeNull();
    expect(found(sony).length).toBeGreaterThan(1);
    expect(found(sony).every((product) => product.title.includes('WH-1000XM5'))).toBe(true);
    // Typed glued, a model number listings split names every product whose listings state it, not only those of the
    // newest offers: the S24 Ultra's twelve colours and sizes, and "galaxys24" each S24 as "galaxy s24" does.
    expect((await titles('sms928u')).sort()).toEqual((await titles('sm-s928u')).sort());
    expect((await titles('sms928u')).length).toBeGreaterThan(10);
    const s24 = await titles('galaxys24');
    expect(s24.slice(0, 5).filter((title) => !/Galaxy S24 SM-/.test(title))).toEqual([]);
  });

  it('reads a number typed without its unit as the capacity its listings write ("galaxy s24 ultra 256": 256GB)', async () => {
    const titles = async (words: string) => found(await t.search(words)).map((product) => product.title);
    const with256 = await titles('galaxy s24 ultra 256');
    expect(with256.length).toBeGreaterThan(1);
    expect(with256.every((title) => /Galaxy S24 Ultra .*\(256GB,/.test(title))).toBe(true);
    expect(await titles('galaxy s24 ultra 256gb')).toEqual(expect.arrayContaining(with256));
    expect(await titles('galaxy s24 ultra 333')).toEqual([]);
    // Storage comes in powers of two: "oneplus 12" is no phone with 12GB of memory, and lists neither the OnePlus 13
    // nor the Pad 2 whose listings say "12GB RAM". They are similar.
    const oneplus = await t.search('oneplus 12');
    expect(found(oneplus).map((product) => product.title)).toEqual([]);
    expect(oneplus.similarProducts.map((product) => product.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^OnePlus 13 /)]));
    // Whatever another product's listings write: some iPad mini A17 Pro listings say "256 GB", the iPad Pro's "256GB";
    // both hold the words, the iPad Pros, whose names say them in order, first.
    const pro256 = await titles('ipad pro 256');
    expect(pro256.slice(0, 4).filter((title) => !/^Apple iPad Pro .*256GB/.test(title))).toEqual([]);
    // After an edition too: "fe 128" is no model number "FE128" that the Tab S9 FE's own (SM-X510) conflicts with.
    const fe128 = await titles('tab s9 fe 128');
    expect(fe128.length).toBeGreaterThan(1);
    expect(fe128.every((title) => /Galaxy Tab S9 FE .*\(128GB,/.test(title))).toBe(true);
    // Each 45mm Series 9 holds "apple watch 45" (its listings write "45mm"): the words name none of its colours, and
    // every one is listed.
    const with45 = await titles('apple watch 45');
    expect(with45.length).toBeGreaterThan(2);
    expect(with45.filter((title) => !/Apple Watch Series 9 .*45mm|^45mm Apple Watch Series 9 /.test(title))).toEqual([]);
    const with47 = await titles('galaxy watch 47');
    expect(with47.length).toBeGreaterThan(1);
    expect(with47.filter((title) => !/Galaxy Watch.* 47mm/.test(title))).toEqual([]);
  });

  it('shows the model typed in another size before another model in the size typed ("macbook air m3 16gb")', async () => {
    // The catalog sells the MacBook Air M3 with 8GB only: its other sizes come before a 16GB MacBook Pro or Air M2.
    const air = await t.search('macbook air m3 16gb');
    expect(found(air)).toEqual([]);
    expect(air.similarProducts.slice(0, 4).map((product) => product.title).filter((title) => !/^Apple MacBook Air M3 /.test(title))).toEqual([]);
    // The 44mm Galaxy Watch7 is listed; the 40mm one comes before Apple's 44mm watches.
    const watch = await t.search('galaxy watch 7 44mm');
    expect(found(watch).length).toBeGreaterThan(0);
    expect(found(watch).every((product) => /Galaxy Watch7 44mm/.test(product.title))).toBe(true);
    expect(watch.similarProducts[0]?.title).toMatch(/^Samsung Galaxy Watch7 40mm /);
  });

  it('lists the parts a size is typed for, not the products whose specifications give that part’s size ("1tb ssd")', async () => {
    const titles = async (words: string) => found(await t.search(words)).map((product) => product.title);
    // Shops write a laptop's "16GB RAM 1TB SSD" unbracketed; its name gives them as its variant.
    const drives = await titles('1tb ssd');
    expect(drives.length).toBeGreaterThan(3);
    expect(drives.filter((title) => !/ SSD\b.*\(.*1TB/.test(title))).toEqual([]);
    // Typed with the kind it is part of, the laptops are meant.
    const laptops = await titles('laptop 1tb ssd');
    expect(laptops.length).toBeGreaterThan(3);
    expect(laptops.filter((title) => !/Laptop .*\(.*1TB SSD/.test(title))).toEqual([]);
    // No memory is sold here: nothing is listed, and the laptops with 32 GB of it are the first similar products.
    const memory = await t.search('32gb ram');
    expect(found(memory)).toEqual([]);
    expect(memory.similarProducts.slice(0, 3).map((product) => product.title)).toEqual([expect.stringContaining('32GB RAM'), expect.stringContaining('32GB RAM'), expect.stringContaining('32GB RAM')]);
  });

  it('lists the products that all come with a feature typed ("alexa": each Echo, a "Smart Speaker with Alexa")', async () => {
    const echoes = found(await t.search('alexa')).map((product) => product.title);
    expect(echoes.length).toBeGreaterThan(2);
    expect(echoes.filter((title) => !/^Amazon Echo .* with Alexa/.test(title))).toEqual([]);
    // What one product comes with is no feature: the TV with a soundbar is no soundbar.
    const soundbars = found(await t.search('soundbar')).map((product) => product.title);
    expect(soundbars.length).toBeGreaterThan(0);
    expect(soundbars.filter((title) => / TV /.test(title))).toEqual([]);
  });

  it('lists every product that holds a kind typed, one that comes with an accessory too ("power bank": the Nano "with Built-in USB-C Cable")', async () => {
    for (const [words, listed] of [
      ['anker power bank', ['Anker 737 Power Bank A1289 PowerCore 24K (Black)', 'Anker Nano Power Bank 10000mAh with Built-in USB-C Cable (Black)']],
      ['microsd 256gb', ['SanDisk Extreme microSDXC UHS-I Card (256GB)', 'Samsung PRO Plus microSDXC Memory Card with Adapter (256GB)']],
    ] as const) {
      const result = await t.search(words);
      expect({ words, product: result.product?.title ?? null, listed: found(result).map((product) => product.title) }).toEqual({ words, product: null, listed: expect.arrayContaining(listed) });
    }
  });

  it('reads a name typed after the kind as what the item is for ("logitech keyboard mac": the keyboards made for Mac)', async () => {
    const keyboards = found(await t.search('logitech keyboard mac')).map((product) => product.title);
    expect(keyboards.length).toBeGreaterThan(0);
    expect(keyboards.filter((title) => !/^Logitech .*Keyboard/.test(title))).toEqual([]);
    // Among them the MX Keys S, whose listings say "Compatible with Mac and PC".
    expect(keyboards.some((title) => /MX Keys S/.test(title))).toBe(true);
  });

  it('searches a maker’s old name as its listings write it now ("oculus quest 3": the Meta Quest 3)', async () => {
    const result = await t.search('oculus quest 3');
    expect([result.correctedQuery, result.product?.title]).toEqual(['meta quest 3', expect.stringMatching(/^Meta Quest 3 /)]);
  });

  it('writes out an edition glued to a model’s number as its first letters ("galaxy s24u": the S24 Ultra)', async () => {
    for (const [typed, written, listed] of [
      ['galaxy s24u', 'galaxy s24 ultra', /^Samsung Galaxy S24 Ultra /],
      ['iphone 16pm', 'iphone 16 pro max', /^Apple iPhone 16 Pro Max /],
    ] as const) {
      const result = await t.search(typed);
      const titles = found(result).map((product) => product.title);
      expect({ typed, correctedQuery: result.correctedQuery, others: titles.filter((title) => !listed.test(title)) }).toEqual({ typed, correctedQuery: written, others: [] });
      expect(titles.length).toBeGreaterThan(0);
    }
  });

  it('writes out a name typed as its initials as the titles the words rank spell it ("airpods 4 anc")', async () => {
    const result = await t.search('airpods 4 anc');
    expect([result.correctedQuery, result.product?.title]).toEqual(['airpods 4 with active noise cancellation', expect.stringMatching(/^Apple AirPods 4 with Active Noise Cancellation/)]);
  });

  it('finds a short model number typed among other words as its listings state it ("canon g7x mark iii", "samsung 65 inch s90d")', async () => {
    for (const [typed, listed] of [
      ['canon g7x mark iii', /^Canon PowerShot G7 X Mark III /],
      ['samsung 65 inch s90d', /^Samsung OLED 4K QN65S90D /],
      // The inch typed after a size names no kind ("vizio 50 inch": the 50" V-Series).
      ['vizio 50 inch', /^Vizio V-Series V505M-K09 /],
      ['s90d 65in', /^Samsung OLED 4K QN65S90D /],
      ['s90d 65 inch', /^Samsung OLED 4K QN65S90D /],
    ] as const) {
      const titles = found(await t.search(typed)).map((product) => product.title);
      expect({ typed, first: titles[0] }).toEqual({ typed, first: expect.stringMatching(listed) });
    }
  });

  it('finds a Mark typed where listings write the generation alone ("a7m4", "sony a7 mark iv": the Alpha 7 IV)', async () => {
    for (const typed of ['a7m4', 'sony a7 mark iv', 'sony a7 m4']) {
      const result = await t.search(typed);
      const titles = found(result).map((product) => product.title);
      expect({ typed, others: titles.filter((title) => !/^Sony Alpha 7 IV /.test(title)) }).toEqual({ typed, others: [] });
      expect(titles.length).toBeGreaterThan(0);
    }
  });

  it('reads a colour typed after the thing as which one, not as a kind ("galaxy s25 icy blue", "ps5 controller red")', async () => {
    const titles = async (words: string) => found(await t.search(words)).map((product) => product.title);
    // Not Samsung's or Apple's products whose listings say "blue" or "silver".
    const s25 = await titles('galaxy s25 icy blue');
    expect(s25.length).toBeGreaterThan(0);
    expect(s25.filter((title) => !/^Samsung Galaxy S25 .*Icyblue\)$/.test(title))).toEqual([]);
    expect(await titles('ipad a16 256 silver')).toEqual(['Apple iPad A16 Wi-Fi (11", 256GB, Silver)']);
    // A kind typed with the line it is for lists the maker's in that colour.
    const red = await t.search('ps5 controller red');
    expect(red.correctedQuery).toBe('sony controller red');
    expect(found(red).map((product) => product.title).sort()).toEqual(['Sony DualSense CFI-ZCT1W Wireless Controller (Cosmic Red)', 'Sony DualSense CFI-ZCT1W Wireless Controller (Volcanic Red)']);
  });

  it('reads a camera “kit” as the camera with a lens, as its listings write it ("sony a6400 kit": the ILCE-6400L)', async () => {
    const kit = await t.search('sony a6400 kit');
    expect([kit.correctedQuery, kit.product?.title]).toEqual(['sony alpha 6400 with lens', expect.stringMatching(/ILCE-6400L with 16-50mm Lens/)]);
    const r50 = found(await t.search('canon r50 kit lens')).map((product) => product.title);
    expect(r50.length).toBeGreaterThan(0);
    expect(r50.filter((title) => !/^Canon EOS R50 .*with RF-S18-45mm/.test(title))).toEqual([]);
    // A kit that holds no lens is searched as typed.
    expect((await t.search('samsung tv wall mount kit')).correctedQuery).toBeNull();
  });

  it('searches another word for a kind as its listings write it ("television": TV, "in-ear headphones": earbuds)', async () => {
    const titles = async (words: string) => found(await t.search(words)).map((product) => product.title);
    for (const [typed, written] of [
      ['samsung television', 'samsung tv'],
      ['cellphone', 'smartphone'],
      ['sony earphones', 'sony earbuds'],
      // No listing says "in-ear"; on-ear headphones say "ear headphones", and searches read "in" as nothing alone.
      ['in-ear headphones', 'earbuds'],
      // Kindles are "E-Reader"s.
      ['ebook reader', 'e reader'],
      // No listing says "vacuum cleaner"; a carpet cleaner's says "cleaner".
      ['robot vacuum cleaner', 'robot vacuum'],
      // An SSD one carries about is a "Portable SSD": searched as "ssd", the M.2 SSDs would lead.
      ['external ssd', 'portable ssd'],
    ] as const) {
      const result = await t.search(typed);
      expect({ typed, correctedQuery: result.correctedQuery }).toEqual({ typed, correctedQuery: written });
      expect(found(result).length).toBeGreaterThan(0);
      // What the words find as listings write them leads both lists; typed so, the kind's category may follow.
      const leading = found(result).slice(0, 10).map((product) => product.title);
      expect(leading).toEqual((await titles(written)).slice(0, 10));
    }
    const inEar = await titles('in ear headphones');
    expect(inEar.length).toBeGreaterThan(0);
    expect(inEar.filter((title) => !/Earbuds/.test(title))).toEqual([]);
    // A word left out whose opposite listings say ("wired"): the products that say it ("Wireless") come last.
    const wired = await t.search('wired headphones');
    expect(wired.correctedQuery).toBe('headphones');
    const wireless = found(wired).map((product) => /Wireless/.test(product.title));
    expect({ first: wireless[0], order: wireless.lastIndexOf(false) < wireless.indexOf(true) }).toEqual({ first: false, order: true });
    // Said as listings say it, it is searched as typed.
    const onEar = await titles('on ear headphones');
    expect(onEar.length).toBeGreaterThan(0);
    expect(onEar.filter((title) => !/On-Ear/.test(title))).toEqual([]);
  });

  it('lists a kind typed in the plural, not a product one shop’s listing adds the word to ("laptops": no power bank that "Charges Laptops")', async () => {
    const laptops = await t.search('laptops');
    expect(laptops.product).toBeNull();
    expect(laptops.matches.length).toBeGreaterThan(5);
    expect(laptops.matches.filter((product) => product.category !== 'Laptops').map((product) => product.title)).toEqual([]);
    // Its own kind typed, the power bank is found.
    expect(found(await t.search('power bank for laptops')).map((product) => product.title)).toContain('Anker 737 Power Bank A1289 PowerCore 24K (Black)');
  });

  it('reads a capacity typed after a colour as the variant’s, not the kind sought ("galaxy s24 ultra titanium gray 512")', async () => {
    const result = await t.search('samsung galaxy s24 ultra titanium gray 512');
    expect(result.correctedQuery).toBeNull();
    // One shop writes the colour short ("… Smartphone Titanium"); the product is named as most of its shops write it.
    expect(found(result).map((product) => product.title)[0]).toBe('Samsung Galaxy S24 Ultra SM-S928U Unlocked Smartphone (512GB, Titanium Gray)');
  });

  it('reads the words kept of those typed for words no listing of the kind says, where they list other kinds too ("phone with best camera")', async () => {
    // Searched as "phone with camera", they listed the Nothing Phone and cameras; "camera" is no word of a phone's listings.
    const result = await t.search('phone with best camera');
    expect(result.correctedQuery).toBe('phone');
    expect(found(result).filter((product) => product.category !== 'Smartphones').map((product) => product.title)).toEqual([]);
  });

  it('answers words that ask for the price as the words of the product ("iphone 16 price", "ps5 deals")', async () => {
    const ids = (result: SearchResult) => found(result).map((product) => product.id);
    const iphone = await t.search('iphone 16 price');
    expect(ids(iphone).length).toBeGreaterThan(0);
    expect(ids(iphone)).toEqual(ids(await t.search('iphone 16')));
    expect(ids(await t.search('ps5 deals'))).toEqual(ids(await t.search('ps5')));
  });

  it('searches a feature typed by its initials as listings write it ("anc headphones": noise cancelling headphones)', async () => {
    const anc = await t.search('anc headphones');
    expect(anc.correctedQuery).toBe('noise cancelling headphones');
    const listed = found(anc).map((product) => product.title);
    expect(listed.length).toBeGreaterThan(3);
    expect(listed.filter((title) => !/Noise Cancel/.test(title))).toEqual([]);
    // Typed after the kind and a joining word, too.
    const earbuds = await t.search('wireless earbuds with anc');
    expect(earbuds.correctedQuery).toBe('wireless earbuds with noise cancelling');
    expect(found(earbuds).filter((product) => !/Noise Cancel/.test(product.title) || !/Earbuds/.test(product.title))).toEqual([]);
    // A name that a listing writes with the feature's words in other forms keeps its own reading.
    const airpods = await t.search('airpods 4 anc');
    expect(airpods.product?.title).toBe('Apple AirPods 4 with Active Noise Cancellation Wireless Earbuds');
  });

  it('searches the words kept of those typed joined as listings write them ("smart watch for women": smartwatch)', async () => {
    for (const [typed, searched, kind] of [
      ['smart watch for women', 'smartwatch', /Smartwatch/],
      // Not "phones": the Nothing Phone is no answer.
      ['head phones for kids', 'headphones', /Headphones/],
    ] as const) {
      const result = await t.search(typed);
      expect({ typed, correctedQuery: result.correctedQuery }).toEqual({ typed, correctedQuery: searched });
      const titles = found(result).map((product) => product.title);
      expect(titles.length).toBeGreaterThan(0);
      expect(titles[0]).toMatch(kind);
      expect(titles.filter((title) => /Smartphone|Unlocked/.test(title))).toEqual([]);
    }
  });

  it('names no product that lacks the generation typed, and shows its line as similar ("apple pencil 2nd generation")', async () => {
    const result = await t.search('apple pencil 2nd generation');
    expect(found(result).map((product) => product.title)).toEqual([]);
    expect(result.similarProducts.map((product) => product.title)).toEqual(expect.arrayContaining(['Apple Pencil (USB-C)', 'Apple Pencil Pro']));
    // Written as its number, it is held: the AirPods Pro 2.
    expect(found(await t.search('airpods pro 2nd')).map((product) => product.title)[0]).toMatch(/^Apple AirPods Pro 2 /);
    // Nor is one of another generation in Roman numerals: the catalog sells the Alpha 7 IV, not the III.
    const iii = await t.search('sony alpha 7 iii');
    expect(found(iii).map((product) => product.title)).toEqual([]);
    expect(iii.similarProducts.map((product) => product.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^Sony Alpha 7 IV /)]));
  });

  it('finds a generation typed with the word listings shorten, or spell out, as typed ("echo dot 5th generation")', async () => {
    for (const [typed, title] of [
      ['echo dot 5th generation', /^Amazon Echo Dot \(5th Gen\)/],
      ['kindle paperwhite 12th gen', /^Amazon Kindle Paperwhite \(12th Generation\)/],
    ] as const) {
      const result = await t.search(typed);
      expect({ typed, correctedQuery: result.correctedQuery }).toEqual({ typed, correctedQuery: null });
      expect(found(result).map((product) => product.title)[0]).toMatch(title);
    }
  });

  it('lists no product of another generation for a generation the catalog does not sell ("ipad 9th generation")', async () => {
    // The 12th Kindle Paperwhite holds no 11; the AirPods 4 no 3rd; the iPad (10th Generation)'s '10.9"' no 9.
    for (const typed of ['kindle 11th generation', 'airpods 3rd generation', 'ipad 9th generation', 'ipad 9']) {
      const result = await t.search(typed);
      expect({ typed, found: found(result).map((product) => product.title) }).toEqual({ typed, found: [] });
      expect(result.similarProducts.length).toBeGreaterThan(0);
    }
  });

  it('searches a kind without another kind typed as what it is for, which its listings never say ("tv soundbar": soundbars)', async () => {
    for (const typed of ['tv soundbar', 'soundbar for tv', 'tv sound bar']) {
      const result = await t.search(typed);
      const titles = found(result).map((product) => product.title);
      expect({ typed, correctedQuery: result.correctedQuery, others: titles.filter((title) => !/Soundbar/.test(title)) }).toEqual({ typed, correctedQuery: 'soundbar', others: [] });
      expect(titles.length).toBeGreaterThan(1);
    }
    // One maker's line is no such kind: no other phone is listed for it.
    expect(found(await t.search('iphone 15 case')).filter((product) => !/iPhone/.test(product.title))).toEqual([]);
  });

  it('shows the kind typed, of other makers, for a maker that makes none of it ("samsung soundbar": no TV a shop sells with one)', async () => {
    // In the plural too, which no listing writes: not the Samsung products that lack the word. "lg soundbar" showed
    // nothing at all; "sony tablet" Sony's headsets and controllers.
    for (const [typed, kind] of [
      ['samsung soundbar', /Soundbar/],
      ['samsung soundbars', /Soundbar/],
      ['lg soundbar', /Soundbar/],
      ['sony tablet', /Tablet/],
    ] as const) {
      const result = await t.search(typed);
      expect({ typed, found: found(result).map((product) => product.title) }).toEqual({ typed, found: [] });
      const first = result.similarProducts.slice(0, 3).map((product) => product.title);
      expect({ typed, first: first.filter((title) => !kind.test(title)) }).toEqual({ typed, first: [] });
      expect(first).toHaveLength(3);
    }
  });

  it('lists none of a maker’s products for a kind of two letters it makes none of ("bose tv"), and shows the kind', async () => {
    // Bose's headphones and speakers were listed, none of them a TV; LG's TVs for "lg pc".
    for (const [typed, kind] of [
      ['bose tv', / TV\b/],
      ['lg pc', / PC\b/],
    ] as const) {
      const result = await t.search(typed);
      expect({ typed, found: found(result).map((product) => product.title) }).toEqual({ typed, found: [] });
      expect(result.similarProducts[0]?.title).toMatch(kind);
    }
  });

  it('searches a kind of two letters without the everyday words none of its listings says ("gaming tv": TVs, no gaming monitor)', async () => {
    for (const words of ['gaming tv', 'tv for gaming']) {
      const result = await t.search(words);
      expect({ words, correctedQuery: result.correctedQuery }).toEqual({ words, correctedQuery: 'tv' });
      expect(found(result).length).toBeGreaterThan(5);
      expect(found(result).filter((product) => !/ TV\b/.test(product.title))).toEqual([]);
    }
  });

  it('searches a kind without a year none of its listings says ("headphones 2024"), and a line with the year its listings say', async () => {
    const headphones = await t.search('headphones 2024');
    expect(headphones.correctedQuery).toBe('headphones');
    expect(found(headphones).length).toBeGreaterThan(5);
    expect(found(headphones).filter((product) => !/Headphones/.test(product.title))).toEqual([]);
    const razr = await t.search('razr 2024');
    expect(razr.correctedQuery).toBeNull();
    expect(found(razr).length).toBeGreaterThan(0);
    expect(found(razr).filter((product) => !/razr\+ 2024/.test(product.title))).toEqual([]);
  });

  it('shows no product of another kind that shares only an everyday word with words that find nothing ("yoga mat")', async () => {
    // A "Cordless Stick Vacuum", a Lenovo Yoga laptop, running watches, smart speakers were shown as similar.
    for (const typed of ['roku streaming stick', 'yoga mat', 'running shoes', 'smart bulb']) {
      const result = await t.search(typed);
      expect({ typed, found: found(result), similar: result.similarProducts.map((product) => product.title) }).toEqual({ typed, found: [], similar: [] });
    }
    // A maker typed is shared: Samsung's TVs stay after the soundbars of other makers.
    const samsung = (await t.search('samsung soundbar')).similarProducts.map((product) => product.title);
    expect(samsung.some((title) => /^Samsung .* TV /.test(title))).toBe(true);
  });

  it('lists first the products a listing names by the kind typed ("apple keyboard": the Magic Keyboard before MacBooks)', async () => {
    // The MacBooks' listings give a "Backlit Keyboard" among their features; the watches' a "Heart Rate Monitor".
    for (const [typed, kind] of [
      ['apple keyboard', /Keyboard/],
      ['samsung monitor', /Monitor/],
    ] as const) {
      const titles = found(await t.search(typed)).map((product) => product.title);
      const firstOther = titles.findIndex((title) => !kind.test(title));
      expect({ typed, first: titles[0], kindAfterOther: firstOther >= 0 && titles.slice(firstOther).some((title) => kind.test(title)) }).toEqual({
        typed,
        first: expect.stringMatching(kind),
        kindAfterOther: false,
      });
    }
  });

  it('lists no TV that some shop sells with a wall mount for "tv wall mount", which the catalog does not sell', async () => {
    const result = await t.search('tv wall mount');
    expect(found(result).map((product) => product.title)).toEqual([]);
    // "with Alexa", which every Echo's listings say, is still a feature of theirs.
    expect(found(await t.search('alexa')).map((product) => product.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^Amazon Echo Dot/)]));
  });

  it('names no monitor a "USB-C Hub Monitor" for "usb c hub", which the catalog does not sell, and shows it as similar', async () => {
    const result = await t.search('usb c hub');
    expect(found(result).map((product) => product.title)).toEqual([]);
    expect(result.similarProducts.map((product) => product.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^Dell UltraSharp U2723QE /)]));
    // Typed with the kind it names, the word still finds the monitors.
    expect(found(await t.search('hub monitor')).map((product) => product.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^Dell UltraSharp U2723QE /)]));
  });

  it('names no webcam whose listing says it is "Plug and Play" for "smart plug", which the catalog does not sell', async () => {
    for (const typed of ['smart plug', 'plug']) {
      const result = await t.search(typed);
      expect({ typed, found: found(result).map((product) => product.title) }).toEqual({ typed, found: [] });
    }
  });

  it('lists no monitor whose listings give a "Low Blue Light" after its name for "ring light", which the catalog does not sell', async () => {
    // Searched as "light", without the everyday word no offer carries: that kind is no monitor's.
    for (const typed of ['ring light', 'light for video calls']) {
      const result = await t.search(typed);
      expect({ typed, found: found(result).map((product) => product.title) }).toEqual({ typed, found: [] });
    }
    // The kind kept where the products found are named as it ("baby monitor": monitors).
    expect(found(await t.search('baby monitor')).length).toBeGreaterThan(1);
    // Nor is "led" the end of a compound "sealed", which a monitor's "New Sealed" listing holds.
    const led = await t.search('led light');
    expect({ spelled: led.correctedQuery, found: found(led).map((product) => product.title) }).toEqual({ spelled: null, found: [] });
  });

  it('finds a compound typed apart and misspelt ("galaxy budz", "galxy buds 3") as its listings write it', async () => {
    for (const typed of ['galaxy budz', 'galxy buds', 'samsung budz', 'galxy buds 3']) {
      const result = await t.search(typed);
      const titles = found(result).map((product) => product.title);
      expect({ typed, first: titles[0] }).toEqual({ typed, first: expect.stringMatching(/^Samsung Galaxy Buds3 Pro /) });
      expect({ typed, others: titles.filter((title) => !/Buds/.test(title)) }).toEqual({ typed, others: [] });
    }
  });

  it('lists no product of another line for a model of a line the catalog does not sell ("jbl charge 4": no Xtreme 4)', async () => {
    const result = await t.search('jbl charge 4');
    expect(found(result).map((product) => product.title)).toEqual([]);
    expect(result.similarProducts.map((product) => product.title)).toEqual(expect.arrayContaining([expect.stringMatching(/^JBL Charge 5 /)]));
    // The model sold is still named or listed.
    expect(found(await t.search('jbl charge 5')).map((product) => product.title)[0]).toMatch(/^JBL Charge 5 /);
  });

  it('lists no product of another kind that the kind’s word is only part of the name of ("laptop stand": no stand mixer)', async () => {
    const result = await t.search('laptop stand');
    expect(found(result).map((product) => product.title)).toEqual([]);
    expect(result.correctedQuery).toBeNull();
    // Nor laptops of the size typed after the kind ("laptop bag 15": no 15" laptop is a bag).
    expect(found(await t.search('laptop bag 15')).map((product) => product.title)).toEqual([]);
  });

  it('lists nothing for a thing for a line the catalog sells no such thing for ("switch case"), and shows the line as similar', async () => {
    // "Switch" is an English word, and no case's listing says it; it names Nintendo's line all the same, and the Apple
    // Watch's "Aluminum Case" is no case for it.
    const result = await t.search('switch case');
    expect({ found: found(result).map((product) => product.title), correctedQuery: result.correctedQuery }).toEqual({ found: [], correctedQuery: null });
    expect(result.similarProducts[0]?.title).toMatch(/^Nintendo Switch /);
    // One shop sells Apple's MagSafe Charger "with 20W USB-C Power Adapter": it is no power adapter, though "apple" is
    // also an English word that its own listings write.
    const adapter = await t.search('apple 20w usb c power adapter');
    expect(found(adapter).map((product) => product.title)).toEqual([]);
    expect(adapter.similarProducts.length).toBeGreaterThan(0);
  });

  it('reads a letter typed glued to a name as listings write it apart ("usbc" of "USB-C"), a generation written otherwise too', async () => {
    const pods = 'Apple AirPods Pro 2 Wireless Earbuds with MagSafe Charging Case (USB-C)';
    for (const [words, spelled] of [
      ['airpods pro usbc', 'airpods pro usb c'],
      ['airpods pro 2nd generation usbc', 'airpods pro 2 usb c'],
    ] as const) {
      const result = await t.search(words);
      expect({ words, spelled: result.correctedQuery, found: found(result).map((product) => product.title) }).toEqual({ words, spelled, found: [pods] });
    }
    const mouse = await t.search('magic mouse usbc');
    expect(found(mouse).map((product) => product.title)).toEqual(['Apple Magic Mouse (USB-C, Black)', 'Apple Magic Mouse (USB-C, White)']);
    // Not dropped as a letter too many, which "xbox series" would list the Series S and an Elite controller for.
    const xbox = await t.search('xbox seriesx');
    expect({ spelled: xbox.correctedQuery, found: found(xbox).map((product) => product.title) }).toEqual({ spelled: 'xbox series x', found: ['Microsoft Xbox Series X Console (1TB)'] });
    // Nor a short word glued to a maker's name, which spelling dropped: "samsungtv" listed Samsung's watches.
    for (const [words, spelled] of [
      ['samsungtv', 'samsung tv'],
      ['sonytv', 'sony tv'],
    ] as const) {
      const tvs = await t.search(words);
      expect({ words, spelled: tvs.correctedQuery, others: found(tvs).filter((product) => !/ TV /.test(product.title)) }).toEqual({ words, spelled, others: [] });
      expect(found(tvs).length).toBeGreaterThan(2);
    }
    // A short maker glued to a short word, and a name glued to a kind no listing writes alone ("Earbuds", "Buds3"):
    // both found nothing.
    const lg = await t.search('lgtv');
    expect({ spelled: lg.correctedQuery, others: found(lg).filter((product) => !/^LG .* TV /.test(product.title)) }).toEqual({ spelled: 'lg tv', others: [] });
    expect(found(lg).length).toBeGreaterThan(2);
    const buds = await t.search('galaxybuds');
    expect({ spelled: buds.correctedQuery, found: found(buds).map((product) => product.title) }).toEqual({
      spelled: 'galaxy earbuds',
      found: ['Samsung Galaxy Buds3 Pro Wireless Earbuds (Silver)', 'Samsung Galaxy Buds3 Pro Wireless Earbuds (White)'],
    });
  });

  it('shows the line’s other models as similar for a line’s short name with a number the catalog sells none of ("ps4")', async () => {
    // No listing says "PlayStation 4": the name written out finds the PlayStation 5s, never an answer.
    const result = await t.search('ps4');
    expect(found(result)).toEqual([]);
    expect(result.similarProducts.length).toBeGreaterThan(2);
    expect(result.similarProducts.filter((product) => !product.title.includes('PlayStation'))).toEqual([]);
    // Glued to its number, as typed apart.
    for (const [words, spelled, line] of [
      ['playstation4', 'playstation 4', 'PlayStation'],
      ['iphone17', 'iphone 17', 'iPhone'],
    ] as const) {
      const glued = await t.search(words);
      expect({ words, spelled: glued.correctedQuery, found: found(glued) }).toEqual({ words, spelled, found: [] });
      expect(glued.similarProducts.slice(0, 3).map((product) => product.title)).toEqual([expect.stringContaining(line), expect.stringContaining(line), expect.stringContaining(line)]);
    }
    // With the maker's name too: "sonyp" of "Sony PULSE Explore" is no PS4.
    const sony = await t.search('sony ps4');
    expect(found(sony)).toEqual([]);
    expect(sony.similarProducts.slice(0, 3).map((product) => product.title)).toEqual([expect.stringContaining('PlayStation'), expect.stringContaining('PlayStation'), expect.stringContaining('PlayStation')]);
    // With the maker's name: the line's models before the maker's others ("bose qc35": QuietComfort, then speakers).
    const bose = await t.search('bose qc35');
    expect(found(bose)).toEqual([]);
    expect(bose.similarProducts.slice(0, 2).map((product) => product.title)).toEqual([expect.stringContaining('QuietComfort'), expect.stringContaining('QuietComfort')]);
  });

  it('shows the line’s models nearest a number the catalog sells none of first ("pixel 11": the Pixel 9 before the 8a)', async () => {
    for (const [words, nearest] of [
      ['pixel 11', 'Google Pixel 9 '],
      ['iphone 17', 'Apple iPhone 16 ('],
      // Of the many iPhones the name alone finds, the nearest the number are read first.
      ['iphone 14', 'Apple iPhone 15 ('],
      ['galaxy s30', 'Samsung Galaxy S25 '],
      // Not the "BoostCharge Pro 3-in-1" charging pad: no AirPods.
      ['airpods pro 3', 'Apple AirPods Pro 2 '],
      // A line whose names glue its word to the number: no offer of the Galaxy Watch7 holds the word "watch".
      ['galaxy watch 9', 'Samsung Galaxy Watch7 '],
      // A thing for a model that the catalog does not sell: the model itself first, before its editions and the next.
      ['iphone 15 case', 'Apple iPhone 15 ('],
      ['pixel 9 case', 'Google Pixel 9 Unlocked'],
      // An edition no model of the line is sold in: the line's models, not other lines' editions (a HomePod mini).
      ['iphone 13 mini', 'Apple iPhone 15 ('],
      ['galaxy s22 plus', 'Samsung Galaxy S24'],
      // A maker of two letters: its products, the line typed first.
      ['lg c2', 'LG OLED evo C'],
      // The line's words typed in a row: the iPad Pro, not the "iPad mini A17 Pro" their rarer words rank first.
      ['ipad pro 12.9', 'Apple iPad Pro '],
      // A TV's series code the catalog sells no set of: the nearest series of the same letters (the S90D), no watch.
      ['samsung s95d', 'Samsung OLED 4K QN55S90D '],
    ] as const) {
      const result = await t.search(words);
      expect({ words, found: found(result), first: result.similarProducts[0]?.title }).toEqual({ words, found: [], first: expect.stringContaining(nearest) });
    }
    // A line's versions are one card among the similar products, and do not take the places of other lines: "pixel 11"
    // shows the Pixel 9, 9 Pro, 9 Pro XL and 8a, not the Pixel 9's sizes and colours only; each line whole.
    const pixel = await t.search('pixel 11');
    const lines = [...new Set(pixel.similarProducts.map((product) => product.line?.name ?? product.title))];
    expect(lines.slice(0, 4)).toEqual(['9', '9 Pro', '9 Pro XL', '8a'].map((model) => `Google Pixel ${model} Unlocked Android Smartphone`));
    const ofNine = (products: SearchResult['matches']) => products.filter((product) => product.line?.name === lines[0]).length;
    expect(ofNine(pixel.similarProducts)).toBe(ofNine((await t.search('google pixel 9')).matches));
    // Nothing that shares only the number or a size typed: no 11-inch tablet, no 16 GB Kindle.
    expect(pixel.similarProducts.filter((product) => !/Pixel/.test(product.title))).toEqual([]);
    const air = await t.search('macbook air m3 16gb');
    expect(air.similarProducts.filter((product) => !/\b(MacBook|Air|M3)\b/.test(product.title))).toEqual([]);
  });

  it('lists nothing for words with a short word no offer carries ("rode nt-usb"), and shows what the others find as similar', async () => {
    // "nt" is no English word, though subtitles split "don't" into "don" and "nt".
    for (const words of ['rode nt-usb', 'rode nt usb', 'xq usb']) {
      const result = await t.search(words);
      expect({ words, found: found(result).map((product) => product.title) }).toEqual({ words, found: [] });
      expect(result.similarProducts.length).toBeGreaterThan(0);
    }
  });

  it('lists the products of both things typed to be weighed against each other ("iphone 15 vs 16")', async () => {
    const result = await t.search('iphone 15 vs 16');
    expect(result.correctedQuery).toBe('iphone 15 vs iphone 16');
    const titles = found(result).map((product) => product.title);
    expect(titles[0]).toMatch(/^Apple iPhone 15 \(/);
    expect(titles.some((title) => /^Apple iPhone 16 \(/.test(title))).toBe(true);
    expect(titles.filter((title) => !/^Apple iPhone 1[56] \(/.test(title))).toEqual([]);
    // The other side not typed yet: the first side's products, said so.
    const started = await t.search('iphone 16 vs');
    expect(started.correctedQuery).toBe('iphone 16');
    expect(found(started).map((product) => product.title)).toEqual(found(await t.search('iphone 16')).map((product) => product.title));
    // A side the catalog sells nothing of leaves the other's products listed.
    expect(found(await t.search('xbox series x vs sega dreamcast')).map((product) => product.title)).toEqual(['Microsoft Xbox Series X Console (1TB)']);
    // Two things typed as a choice, which no product is both of: each one's products.
    const either = await t.search('ps5 or xbox');
    expect(either.correctedQuery).toBe('playstation 5 or xbox');
    const consoles = found(either).map((product) => product.title);
    expect({ first: consoles[0], xbox: consoles.some((title) => /^Microsoft Xbox Series X /.test(title)) }).toEqual({ first: expect.stringMatching(/^Sony PlayStation 5 /), xbox: true });
    // The other thing not typed yet: the first one's products.
    const choosing = await t.search('ps5 or');
    expect(choosing.correctedQuery).toBe('playstation 5');
    expect(found(choosing).map((product) => product.title)).toEqual(found(await t.search('ps5')).map((product) => product.title));
  });

  it('searches a kind typed in another language as the English words listings write ("kopfhörer sony", "écouteurs sans fil")', async () => {
    for (const [typed, searched, kind] of [
      ['kopfhörer sony', 'headphones sony', /^Sony .*Headphones/],
      ['fernseher lg oled', 'tv lg oled', /^LG OLED .*TV/],
      // Words of a kind written in several words, and one the listings write three ways.
      ['écouteurs sans fil', 'earbuds wireless', /Wireless.*Earbuds|Earbuds.*Wireless/],
      ['kaffeemaschine', 'coffee', /Coffee ?(?:Maker|and Espresso Machine)/i],
    ] as const) {
      const result = await t.search(typed);
      expect({ typed, correctedQuery: result.correctedQuery }).toEqual({ typed, correctedQuery: searched });
      const titles = found(result).map((product) => product.title);
      expect(titles.length).toBeGreaterThan(1);
      expect(titles.filter((title) => !kind.test(title))).toEqual([]);
    }
  });

  it('lists each console of a colour typed by its shade alone ("switch neon"), the one sold with those Joy-Con too', async () => {
    const titles = found(await t.search('switch neon')).map((product) => product.title);
    expect(titles).toEqual(expect.arrayContaining(['Nintendo Switch Console with Neon Blue and Neon Red Joy-Con', 'Nintendo Switch OLED Model Console (Neon Red/Neon Blue)']));
    expect(titles.filter((title) => !/Neon/.test(title))).toEqual([]);
  });
});
