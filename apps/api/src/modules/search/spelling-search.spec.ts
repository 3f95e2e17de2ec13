import type { SearchResult } from '@pricehunt/contracts';
import { buildSearchTestApp, type SearchTestApp } from '../../testing/search-app';
import { feedOffer } from '@pricehunt/storage/testing';

const offer = (externalId: string, title: string, brand: string, category: string) =>
  feedOffer({ externalId, url: `https://www.amazon.com/dp/${externalId}`, title, brand, category });

const OFFERS = [
  offer('B0TVSAM001', 'Samsung 65" Class QN90D Neo QLED 4K Smart TV', 'Samsung', 'Electronics > TVs'),
  offer('B0TVSAM002', 'Samsung 55" Class Crystal UHD DU7200 4K Smart TV', 'Samsung', 'Electronics > TVs'),
  offer('B0TVLGE001', 'LG 65" Class OLED evo C4 4K Smart TV', 'LG', 'Electronics > TVs'),
  offer('B0TVSAM065', 'Samsung OLED 4K QN65S90C Smart TV', 'Samsung', 'Electronics > TVs'),
  offer('B0TVSAM055', 'Samsung OLED 4K QN55S90C Smart TV', 'Samsung', 'Electronics > TVs'),
  offer('B0TVSAM077', 'Samsung OLED 4K QN77S90C Smart TV', 'Samsung', 'Electronics > TVs'),
  offer('B0SSDSAM01', 'Samsung T7 Shield Portable SSD 2TB', 'Samsung', 'Electronics > Storage'),
  offer('B0WATSAM01', 'Samsung Galaxy Watch7 44mm Smartwatch', 'Samsung', 'Electronics > Smartwatches'),
  offer('B0TVSAM080', 'Samsung QLED 4K QN65Q80C Smart TV', 'Samsung', 'Electronics > TVs'),
  offer('B0HPBOSE01', 'Bose QuietComfort Ultra Wireless Noise Cancelling Headphones, Black', 'Bose', 'Electronics > Headphones'),
  offer('B0HPBOSE02', 'Bose QuietComfort 45 Bluetooth Wireless Headphones, White Smoke', 'Bose', 'Electronics > Headphones'),
  offer('B0SPBOSE01', 'Bose SoundLink Flex Portable Bluetooth Speaker, Black', 'Bose', 'Electronics > Speakers'),
  offer('B0HPSONY01', 'Sony WH-1000XM5 Wireless Headphones, Silver', 'Sony', 'Electronics > Headphones'),
  offer('B0PINK0001', 'Stanley Quencher H2.0 Tumbler 40 oz, Pink', 'Stanley', 'Home > Drinkware'),
  offer('B0PINK0002', 'Apple Watch Sport Band 41mm Light Pink', 'Apple', 'Electronics > Watch Bands'),
  offer('B0PHSAM001', 'Samsung Galaxy S24 SM-S921U Unlocked Smartphone (256GB, Onyx Black)', 'Samsung', 'Electronics > Smartphones'),
  offer('B0PHGOO001', 'Google Pixel 9 Unlocked Android Smartphone (128GB, Obsidian)', 'Google', 'Electronics > Smartphones'),
  offer('B0PHNOT001', 'Nothing Phone (2a) Unlocked Smartphone (128GB, White)', 'Nothing', 'Electronics > Smartphones'),
  offer('B0PHAPP001', 'Apple iPhone 16 (128GB, Black)', 'Apple', 'Electronics > Smartphones'),
  offer('B0HPSOU001', 'Soundcore Life Q30 Hybrid Noise Cancelling Headphones with Mic for Phone Calls', 'Soundcore', 'Electronics > Headphones'),
  offer('B0EBBEA001', 'Beats Fit Pro True Wireless Earbuds, Black', 'Beats', 'Electronics > Headphones'),
  offer('B0EBAPP001', 'Apple AirPods Pro 2 Wireless Earbuds with MagSafe Charging Case (USB-C)', 'Apple', 'Electronics > Headphones'),
  offer('B0AIRLEV01', 'Levoit Core 300 True HEPA Air Purifier, White', 'Levoit', 'Home > Air Purifiers'),
  offer('B0AIRNIN01', 'Ninja Air Fryer AF101 4 Quart, Black', 'Ninja', 'Home > Air Fryers'),
  offer('B0XBOXMS01', 'Microsoft Xbox Series X 1TB Console', 'Microsoft', 'Electronics > Gaming'),
  offer('B0PS5SON01', 'Sony PlayStation 5 Slim CFI-2015 Disc Edition Console', 'Sony', 'Video Games > Consoles & Accessories'),
  offer('B0PS5SON02', 'Sony PlayStation 5 Pro CFI-7019 Console', 'Sony', 'Video Games > Consoles & Accessories'),
  offer('B0DSSON001', 'Sony DualSense CFI-ZCT1W Wireless Controller (White)', 'Sony', 'Video Games > Consoles & Accessories'),
  offer('B0MOUSLG01', 'Logitech G502 X PLUS Wireless Gaming Mouse, White', 'Logitech', 'Electronics > Gaming'),
  offer('B0MOUSLG02', 'G502 X PLUS Wrls Gaming Mouse White w/ Box', 'Logitech', 'Electronics > Gaming'),
  offer('B0CASTAR01', 'Targus Zierra for Blackberry Playbook (Black)', 'Targus', 'Electronics > Cases'),
  offer('B0CASTAR02', 'Targus iPad Deluxe Zierra Case and Bundle (Black)', 'Targus', 'Electronics > Cases'),
  offer('B0CASTAR03', 'Targus Zierra Leather Portfolio for Apple iPad WiFi and WiFi 3G THZ023US Black', 'Targus', 'Electronics > Cases'),
  offer('B0CASTAR04', 'Targus Truss Case Stand for Blackberry Playbook 4G WiFi THZ05102US Black', 'Targus', 'Electronics > Cases'),
  offer('B0SWNET001', 'Netgear ProSafe 16 Port 10/100 Rackmount Switch Black Finish JFS516NA', 'Netgear', 'Electronics > Networking'),
];

describe('search API: spelling is corrected only when it finds clearly more', () => {
  let t: SearchTestApp;
  beforeAll(async () => {
    t = await buildSearchTestApp(OFFERS, 'spelling search fixtures');
  });
  afterAll(() => t.close());

  const search = (query: string) => t.search(query);
  const found = (result: SearchResult) => [...(result.product ? [result.product] : []), ...result.matches];

  it('answers "not a link" as typed, though the catalog holds "pink" and no "link"', async () => {
    expect(found(await search('pink')).length).toBeGreaterThan(0);

    const result = await search('not a link');
    expect(result.correctedQuery).toBeNull();
    expect(result.input.query).toBe('not a link');
    expect(result.source.title).toBe('not a link');
    expect(found(result)).toEqual([]);
  });

  it('answers a sentence of common words as typed', async () => {
    for (const words of ['where can I find a good deal', 'what time does the store close', 'send me the link please']) {
      expect((await search(words)).correctedQuery).toBeNull();
    }
  });

  it('reads a misspelt word after "for" as the word it misspells, not as a purpose to leave out', async () => {
    const result = await search('Zierra Case for Blacbkerry Targus');
    expect(result.correctedQuery).toBe('Zierra Case for Blackberry Targus');
    expect(found(result).map((product) => product.title)).toEqual(['Targus Zierra for Blackberry Playbook (Black)']);
    // Spelled right, the same product, and nothing said corrected.
    const spelled = await search('Zierra Case for Blackberry Targus');
    expect(spelled.correctedQuery).toBeNull();
    expect(found(spelled).map((product) => product.title)).toEqual(['Targus Zierra for Blackberry Playbook (Black)']);
  });

  it('answers a rare word the corrector would rewrite as typed when the correction finds nothing either', async () => {
    // "kink" is no common word: the corrector reads it as "pink", but "not a pink" names no product.
    expect(await t.app.catalog.spelling.correct('not a kink')).toBe('not a pink');
    const result = await search('not a kink');
    expect(result.correctedQuery).toBeNull();
    expect(result.source.title).toBe('not a kink');
  });

  it('reads a brand typed as it sounds, an everyday word no listing says, as that brand', async () => {
    const speaker = await search('bows speaker');
    expect(speaker.correctedQuery).toBe('Bose speaker');
    expect(found(speaker).map((product) => product.brand)).toEqual(['Bose']);
    const earbuds = await search('beets earbuds');
    expect(earbuds.correctedQuery).toBe('Beats earbuds');
    expect(found(earbuds).map((product) => product.brand)).toEqual(['Beats']);
    // A word listings say is meant as typed; no brand sounds like "plain", an everyday word: the speakers are listed
    // without it, and the answer says so.
    expect((await search('pink tumbler')).correctedQuery).toBeNull();
    expect((await search('plain speaker')).correctedQuery).toBe('speaker');
  });

  it('corrects a misspelt brand or product word whose words find only products lacking it', async () => {
    const tv = await search('samsnug tv');
    expect(tv.correctedQuery).toBe('samsung tv');
    expect(found(tv).length).toBeGreaterThan(0);
    expect(found(tv).every((product) => product.brand === 'Samsung')).toBe(true);

    const headphones = await search('bose headphnoes');
    expect(headphones.correctedQuery).toBe('bose headphones');
    expect(found(headphones).length).toBeGreaterThan(0);
    expect(found(headphones).every((product) => product.brand === 'Bose' && /Headphones/.test(product.title))).toBe(true);

    expect((await search('stanley quencher pnik')).correctedQuery).toBe('stanley quencher pink');
  });

  it('reads a last word cut short where the shopper stopped typing as the word it begins ("bose headph", "playst")', async () => {
    const headphones = await search('bose headph');
    expect(headphones.correctedQuery).toBe('bose headphones');
    expect(found(headphones).length).toBeGreaterThan(0);
    expect(found(headphones).every((product) => product.brand === 'Bose' && /Headphones/.test(product.title))).toBe(true);

    const consoles = await search('playst');
    expect(consoles.correctedQuery).toBe('playstation');
    expect(found(consoles).map((product) => product.title).sort()).toEqual(['Sony PlayStation 5 Pro CFI-7019 Console', 'Sony PlayStation 5 Slim CFI-2015 Disc Edition Console']);
  });

  it('completes a last word cut short that spelling keeps, an everyday word or three letters, among what the other words find ("bose quiet", "samsung gal")', async () => {
    const quiet = await search('bose quiet');
    expect(quiet.correctedQuery).toBe('bose quietcomfort');
    expect(found(quiet).length).toBeGreaterThan(0);
    expect(found(quiet).every((product) => product.title.startsWith('Bose QuietComfort'))).toBe(true);
    const galaxy = await search('samsung gal');
    expect(galaxy.correctedQuery).toBe('samsung galaxy');
    expect(found(galaxy).map((product) => product.title).sort()).toEqual([expect.stringMatching(/^Samsung Galaxy S24/), expect.stringMatching(/^Samsung Galaxy Watch7/)]);
  });

  it('completes a piece of a model code the listings write whole ("sony xm5": WH-1000XM5), and names the product', async () => {
    const result = await search('sony xm5');
    expect(result.correctedQuery).toBe('sony 1000xm5');
    expect(found(result).map((product) => product.title)).toEqual(['Sony WH-1000XM5 Wireless Headphones (Silver)']);
  });

  it('lists a line typed by the series code its listings write only inside the model number of each size ("s90c": QN65S90C)', async () => {
    const line = await search('s90c');
    expect(line.product).toBeNull();
    expect(line.correctedQuery).toBeNull();
    expect(line.matches.map((product) => product.title)).toEqual(['Samsung OLED 4K QN55S90C Smart TV', 'Samsung OLED 4K QN65S90C Smart TV', 'Samsung OLED 4K QN77S90C Smart TV']);

    const samsung = await search('Samsung S90C');
    expect(found(samsung).length).toBe(3);
    // Beside them, the maker's other TVs come first, before things of other kinds the word "samsung" finds as readily.
    expect(samsung.similarProducts[0]?.title).toMatch(/TV/);
    expect(found(await search('samsung s90c 65')).map((product) => product.title)).toEqual(['Samsung OLED 4K QN65S90C Smart TV']);
    // The other words must be in the product's name; a piece cut inside a run of letters names no code.
    expect(found(await search('lg s90c')).some((product) => /S90C/.test(product.title))).toBe(false);
    expect(found(await search('n55s90c')).some((product) => /S90C/.test(product.title))).toBe(false);
  });

  it('searches a kind of product typed as the word its category says, as typed ("samsung phone", "apple phone": Smartphones)', async () => {
    const samsung = await search('samsung phone');
    expect(samsung.correctedQuery).toBeNull();
    expect(found(samsung).map((product) => product.title)).toEqual(['Samsung Galaxy S24 SM-S921U Unlocked Smartphone (256GB, Onyx Black)']);
    // The iPhone's title says neither "phone" nor "smartphone"; its category does. The AirPods' "Headphones" are another kind.
    for (const words of ['apple phone', 'apple phones', 'apple smartphone']) {
      const apple = await search(words);
      expect(apple.correctedQuery).toBeNull();
      expect(found(apple).map((product) => product.title)).toEqual(['Apple iPhone 16 (128GB, Black)']);
    }
  });

  it('searches a kind typed with the line it is for as its maker’s, and says so ("ps5 controller": Sony’s DualSense)', async () => {
    for (const words of ['ps5 controller', 'playstation 5 controller', 'playstation controller', 'controller for ps5']) {
      const controller = await search(words);
      expect(controller.correctedQuery).toBe('sony controller');
      expect(found(controller).map((product) => product.title)).toEqual(['Sony DualSense CFI-ZCT1W Wireless Controller (White)']);
    }
    // The maker sells no such kind in the line's category: the Apple Watch band is no iPhone's.
    expect(found(await search('iphone band'))).toEqual([]);
    expect(found(await search('band for iphone'))).toEqual([]);
  });

  it('searches a line typed with the name of its maker’s product for it as that product, and says so ("ps5 dualsense")', async () => {
    for (const words of ['ps5 dualsense', 'playstation 5 dualsense']) {
      const dualsense = await search(words);
      expect(dualsense.correctedQuery).toBe('sony dualsense');
      expect(found(dualsense).map((product) => product.title)).toEqual(['Sony DualSense CFI-ZCT1W Wireless Controller (White)']);
    }
    // Words after the line that find other makers' products are no product of the line's maker.
    expect(found(await search('ps5 quietcomfort'))).toEqual([]);
  });

  it('searches a kind of product typed as the end of the compound its listings write ("beats buds": Earbuds)', async () => {
    expect(found(await search('android phone')).map((product) => product.title)).toEqual(['Google Pixel 9 Unlocked Android Smartphone (128GB, Obsidian)']);
    const beats = await search('beats buds');
    expect(beats.correctedQuery).toBe('beats earbuds');
    expect(found(beats).map((product) => product.title)).toEqual(['Beats Fit Pro True Wireless Earbuds (Black)']);
    // Words that find what they name are searched as typed.
    const nothing = await search('nothing phone');
    expect(nothing.correctedQuery).toBeNull();
    expect(found(nothing)[0]?.title).toBe('Nothing Phone (2a) Unlocked Smartphone (128GB, White)');
  });

  it('searches a compound typed in parts as the one word its listings write ("air pods": AirPods, "x box": Xbox)', async () => {
    const airpods = await search('air pods');
    expect(airpods.correctedQuery).toBe('airpods');
    expect(found(airpods).map((product) => product.title)).toEqual(['Apple AirPods Pro 2 Wireless Earbuds with MagSafe Charging Case (USB-C)']);
    // Typed in the singular, the plural the listings write.
    const pod = await search('air pod pro');
    expect(pod.correctedQuery).toBe('airpods pro');
    expect(found(pod).map((product) => product.title)).toEqual(['Apple AirPods Pro 2 Wireless Earbuds with MagSafe Charging Case (USB-C)']);
    // Not the gaming mouse named "G502 X" whose second listing comes "w/ Box": the words hold it, but name the Xbox far more surely.
    const xbox = await search('x box');
    expect(xbox.correctedQuery).toBe('xbox');
    expect(found(xbox).map((product) => product.title)).toEqual(['Microsoft Xbox Series X 1TB Console']);
  });

  it('searches words that find nothing without the everyday words no listing says ("tv for bedroom": TVs)', async () => {
    const tv = await search('smart tv for bedroom');
    expect(tv.correctedQuery).toBe('smart tv');
    expect(found(tv).length).toBeGreaterThan(1);
    expect(found(tv).every((product) => / TV$/.test(product.title))).toBe(true);
    const speaker = await search('bose speaker for outdoor parties');
    expect(speaker.correctedQuery).toBe('bose speaker');
    expect(found(speaker).map((product) => product.title)).toEqual(['Bose SoundLink Flex Portable Bluetooth Speaker (Black)']);
    // A name the catalog lacks is kept: its neighbours are what is shown.
    expect((await search('bose earpods')).correctedQuery).not.toBe('bose');
  });

  it('does not take a kind of product the catalog lacks for a word one edit away ("hair dryer" is no "hair fryer")', async () => {
    const dryer = await search('hair dryer');
    expect(dryer.correctedQuery).toBeNull();
    expect(found(dryer)).toEqual([]);
  });

  it('lists nothing for words naming a kind of thing the catalog does not sell ("smart plug" lists no Smart TV)', async () => {
    expect(found(await search('smart tv')).length).toBeGreaterThan(0);
    const plug = await search('smart plug');
    expect(plug.correctedQuery).toBeNull();
    expect(found(plug)).toEqual([]);
  });

  it('reads the last word of a model number typed in parts as the model number’s, not a kind the catalog does not sell', async () => {
    expect((await search('jfs 516 na')).product?.title).toContain('JFS516NA');
  });

  it('names no product whose listings hold the kind typed only as what it is for ("Headphones with Mic for Phone Calls")', async () => {
    // The headphones are answered only as what they are: the compound of "phone" their listings write, and said so.
    expect((await search('soundcore phone')).correctedQuery).toBe('soundcore headphones');
    expect(found(await search('phone')).map((product) => product.title)).not.toContain('Soundcore Life Q30 Hybrid Noise Cancelling Headphones with Mic for Phone Calls');
  });

  it('lists, after the products whose listings write a kind’s word alone, the other products of their category ("phone": Smartphones, the iPhone too)', async () => {
    const phone = await search('phone');
    expect(phone.correctedQuery).toBeNull();
    expect(phone.product).toBeNull();
    const [first, ...others] = phone.matches.map((product) => product.title);
    expect(first).toBe('Nothing Phone (2a) Unlocked Smartphone (128GB, White)');
    expect(others.sort()).toEqual(['Apple iPhone 16 (128GB, Black)', 'Google Pixel 9 Unlocked Android Smartphone (128GB, Obsidian)', 'Samsung Galaxy S24 SM-S921U Unlocked Smartphone (256GB, Onyx Black)']);
    // The category is the one the listings found belong to: "Headphones" ends with "phones" too, and no Nothing Phone is one.
    expect(phone.matches.some((product) => /Headphones|Earbuds/.test(product.title))).toBe(false);
  });

  it('says what was searched when the products listed lack an everyday word no listing says ("baby headphones": headphones)', async () => {
    const baby = await search('baby headphones');
    expect(baby.correctedQuery).toBe('headphones');
    expect(found(baby).length).toBeGreaterThan(1);
    // The headphones, then the products of their category whose titles say otherwise (earbuds).
    const titles = found(baby).map((product) => product.title);
    const other = titles.findIndex((title) => !/Headphones/.test(title));
    expect(other).toBeGreaterThan(1);
    expect(titles.slice(other).every((title) => /Earbuds/.test(title))).toBe(true);
    // Words every listed product holds are answered as typed.
    expect((await search('bose headphones')).correctedQuery).toBeNull();
  });

  it('lists nothing when no listing of the products the other words find holds the kind the words name ("galaxy s24 case" is no phone)', async () => {
    expect(found(await search('galaxy s24')).length).toBeGreaterThan(0);
    const cases = await search('galaxy s24 case');
    expect(cases.correctedQuery).toBeNull();
    expect(found(cases)).toEqual([]);
    // Products whose listings hold the kind are listed.
    expect(found(await search('bose headphones')).map((product) => product.title).sort()).toEqual([
      'Bose QuietComfort 45 Bluetooth Wireless Headphones (White Smoke)',
      'Bose QuietComfort Ultra Wireless Noise Cancelling Headphones (Black)',
    ]);
  });

  it('reads a word typed in the other number than listings write it as theirs, and answers the words as typed ("tvs", "smartphones")', async () => {
    const tvs = await search('samsung tvs');
    expect(tvs.correctedQuery).toBeNull();
    expect(tvs.input.query).toBe('samsung tvs');
    expect(found(tvs).length).toBeGreaterThan(1);
    expect(found(tvs).every((product) => product.brand === 'Samsung' && / TV$/.test(product.title))).toBe(true);
    expect(found(await search('smartphones')).map((product) => product.title).sort()).toEqual([
      'Apple iPhone 16 (128GB, Black)',
      'Google Pixel 9 Unlocked Android Smartphone (128GB, Obsidian)',
      'Nothing Phone (2a) Unlocked Smartphone (128GB, White)',
      'Samsung Galaxy S24 SM-S921U Unlocked Smartphone (256GB, Onyx Black)',
    ]);
    expect(found(await search('bose speakers')).map((product) => product.title)).toEqual(['Bose SoundLink Flex Portable Bluetooth Speaker (Black)']);
    // "phones": the Nothing Phone's word, then the smartphones, the iPhone too, as "phone" lists them.
    expect(found(await search('phones')).map((product) => product.title)[0]).toBe('Nothing Phone (2a) Unlocked Smartphone (128GB, White)');
    expect(found(await search('phones')).length).toBe(4);
    const cell = await search('cell phones');
    expect(cell.correctedQuery).toBe('phones');
    expect(found(cell).length).toBe(4);
    expect(found(await search('gaming mice')).every((product) => /Gaming Mouse/.test(product.title))).toBe(true);
    expect(found(await search('gaming mice')).length).toBeGreaterThan(0);
  });

  it('searches the kind sought without the everyday words none of its listings says, and says so ("gaming phone": phone)', async () => {
    const gaming = await search('gaming phone');
    expect(gaming.correctedQuery).toBe('phone');
    expect(found(gaming)[0]?.title).toBe('Nothing Phone (2a) Unlocked Smartphone (128GB, White)');
    // A word listings of the kind say is kept: "android phone" lists the Android smartphone.
    expect((await search('android phone')).correctedQuery).not.toBe('phone');
  });

  it('does not correct words typed right', async () => {
    for (const words of ['samsung tv', 'bose headphones', 'pink tumbler']) expect((await search(words)).correctedQuery).toBeNull();
  });
});
