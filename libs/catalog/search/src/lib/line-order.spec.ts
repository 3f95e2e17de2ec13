import { firstCards, lineOf, LINES_PER_BATCH, linesTogether, readAllLines, typedLineWords, withLines } from './line-order';

const titled = (...titles: string[]) => titles.map((title, id) => ({ id, title }));
const titles = (products: ReadonlyArray<{ title: string }>) => products.map((product) => product.title);

describe('a line’s variants in a list of typed words’ products', () => {
  const ranked = titled(
    'Apple iPhone 16 Pro (1TB, Natural Titanium)',
    'Apple iPhone 16 Pro (512GB, Black Titanium)',
    'Apple iPhone 16 Pro (128GB, Natural Titanium)',
    'Apple iPhone 16 Pro Max (512GB, White Titanium)',
    'Apple iPhone 16 Pro (256GB, White Titanium)',
    'Apple iPhone 16 Pro (1TB, Black Titanium)',
    'Apple iPhone 16 Pro Max (256GB, Desert Titanium)',
    'Apple iPhone 16 Pro (128GB, Black Titanium)',
  );

  it('come together where the line’s first is listed, smallest first, then by their words', () => {
    expect(titles(linesTogether(ranked, 'iphone 16 pro'))).toEqual([
      'Apple iPhone 16 Pro (128GB, Black Titanium)',
      'Apple iPhone 16 Pro (128GB, Natural Titanium)',
      'Apple iPhone 16 Pro (256GB, White Titanium)',
      'Apple iPhone 16 Pro (512GB, Black Titanium)',
      'Apple iPhone 16 Pro (1TB, Black Titanium)',
      'Apple iPhone 16 Pro (1TB, Natural Titanium)',
      'Apple iPhone 16 Pro Max (256GB, Desert Titanium)',
      'Apple iPhone 16 Pro Max (512GB, White Titanium)',
    ]);
  });

  it('stay as ranked when the words name a variant: the ranking put it first', () => {
    expect(linesTogether(ranked, 'iphone 16 pro 256gb')).toEqual(ranked);
    expect(linesTogether(ranked, 'iphone 16 pro black titanium')).toEqual(ranked);
  });

  it('sort by size in any unit, colours alone by name, and leave products of no variant where they are', () => {
    const tvs = titled('Samsung 65" Class QN90D Neo QLED 4K (65")', 'Sony WH-1000XM5 Headphones', 'Samsung 65" Class QN90D Neo QLED 4K (55")', 'Sony WH-1000XM4 (Silver)', 'Sony WH-1000XM4 (Black)');
    expect(titles(linesTogether(tvs, 'samsung sony'))).toEqual([
      'Samsung 65" Class QN90D Neo QLED 4K (55")',
      'Samsung 65" Class QN90D Neo QLED 4K (65")',
      'Sony WH-1000XM5 Headphones',
      'Sony WH-1000XM4 (Black)',
      'Sony WH-1000XM4 (Silver)',
    ]);
  });

  it('read one line in model codes that hold the size, as TVs’ do', () => {
    const tvs = titled(
      'Samsung OLED 4K QN65S90C Smart TV (65")',
      'Samsung QLED 4K QN75Q80C Smart TV (75")',
      'Samsung OLED 4K QN77S90C Smart TV (77")',
      'Samsung OLED 4K QN55S90C Smart TV (55")',
      'Samsung QLED 4K QN55Q80C Smart TV (55")',
    );
    expect(titles(linesTogether(tvs, 'samsung tv'))).toEqual([
      'Samsung OLED 4K QN55S90C Smart TV (55")',
      'Samsung OLED 4K QN65S90C Smart TV (65")',
      'Samsung OLED 4K QN77S90C Smart TV (77")',
      'Samsung QLED 4K QN55Q80C Smart TV (55")',
      'Samsung QLED 4K QN75Q80C Smart TV (75")',
    ]);
  });

  it('stay as ranked for a pasted link’s answer, and where the cheapest come first', () => {
    expect(linesTogether(ranked, null)).toEqual(ranked);
    expect(typedLineWords({ url: 'https://www.apple.com/shop/buy-iphone/iphone-16-pro' }, { cheapestFirst: false, correctedQuery: null })).toBeNull();
    expect(typedLineWords({ query: 'cheapest iphone 16 pro' }, { cheapestFirst: true, correctedQuery: null })).toBeNull();
    expect(typedLineWords({ query: 'iphnoe 16 pro' }, { cheapestFirst: false, correctedQuery: 'iphone 16 pro' })).toBe('iphnoe 16 pro iphone 16 pro');
  });

  it('keep a list of one line’s single product, or of none, as it is', () => {
    expect(linesTogether(titled('Form Workshop 1200', 'Adobe Photoshop CS3 (Mac)'), 'workshop')).toEqual(titled('Form Workshop 1200', 'Adobe Photoshop CS3 (Mac)'));
    expect(linesTogether([], 'anything')).toEqual([]);
  });

  it('count as one card of a list cut to so many cards, later versions of a line taken joining it', () => {
    const shown = titled(
      'Google Pixel 9 (128GB, Obsidian)',
      'Google Pixel 9 (256GB, Obsidian)',
      'Google Pixel 9 Pro (128GB, Hazel)',
      'Google Pixel Watch 3',
      'Google Pixel 9 (128GB, Porcelain)',
      'Google Pixel 8a (128GB, Bay)',
    );
    expect(titles(firstCards(shown, 3))).toEqual([
      'Google Pixel 9 (128GB, Obsidian)',
      'Google Pixel 9 (256GB, Obsidian)',
      'Google Pixel 9 Pro (128GB, Hazel)',
      'Google Pixel Watch 3',
      'Google Pixel 9 (128GB, Porcelain)',
    ]);
    expect(firstCards(shown, 0)).toEqual([]);
    // Eight versions a card at most, in all.
    const sizes = titled(...Array.from({ length: 20 }, (_, size) => `Acme Drive (${size + 1}TB)`));
    expect(firstCards(sizes, 2)).toHaveLength(16);
  });
});

describe('the line a product is a version of', () => {
  it('is its name before the closing brackets and the variant they hold, one key for every version', () => {
    const key = lineOf('Apple iPhone 16 Pro (128GB, Black Titanium)')?.key;
    expect(lineOf('Apple iPhone 16 Pro (128GB, Black Titanium)')).toMatchObject({ name: 'Apple iPhone 16 Pro', variant: '128GB, Black Titanium' });
    expect(lineOf('Apple iPhone 16 Pro (1TB, White Titanium)')?.key).toBe(key);
    expect(lineOf('Apple iPhone 16 Pro Max (1TB, White Titanium)')?.key).not.toBe(key);
  });

  it('is one for a watch’s case sizes, the size leading its variant', () => {
    expect(lineOf('Apple Watch Series 9 GPS 41mm Aluminum Case with Sport Band (Midnight)')).toMatchObject({
      name: 'Apple Watch Series 9 GPS Aluminum Case with Sport Band',
      variant: '41mm, Midnight',
    });
    expect(lineOf('Apple Watch Series 9 GPS 45 mm Aluminum Case with Sport Band (Pink)')?.key).toBe(lineOf('Apple Watch Series 9 GPS Aluminum Case with Sport Band (45mm, Midnight)')?.key);
    // Not a lens's focal length, nor a watch's size its variant states already.
    expect(lineOf('Canon RF 50mm F1.8 STM Lens (Black)')?.variant).toBe('Black');
    expect(lineOf('Garmin Venu 3 Smartwatch (45mm, Black)')?.variant).toBe('45mm, Black');
    expect(titles(linesTogether(titled('Apple Watch Series 9 GPS 45mm Aluminum Case (Pink)', 'Apple Watch Series 9 GPS 41mm Aluminum Case (Pink)'), 'apple watch'))).toEqual([
      'Apple Watch Series 9 GPS 41mm Aluminum Case (Pink)',
      'Apple Watch Series 9 GPS 45mm Aluminum Case (Pink)',
    ]);
  });

  it('is one for the versions of a line whose shops write its words in another order', () => {
    const silver = lineOf('Sony Alpha 7C II ILCE-7CM2 Full-Frame Mirrorless Camera, Body Only (Silver)');
    expect(lineOf('Sony Alpha 7C II ILCE-7CM2 Body Only Full-Frame Mirrorless Camera (Black)')?.key).toBe(silver?.key);
    expect(lineOf('Sony Alpha 7C II ILCE-7CM2 Full-Frame Mirrorless Camera with Lens (Black)')?.key).not.toBe(silver?.key);
  });

  it('is one for the versions of a name shops spell two ways', () => {
    expect(lineOf('Sony WH-1000XM5 Wireless Noise Cancelling Over-Ear Headphones (Midnight Blue)')?.key).toBe(lineOf('Sony WH-1000XM5 Wireless Noise Canceling Over-Ear Headphones (Silver)')?.key);
    expect(lineOf('Sony WH-1000XM5 Wireless Noise Cancelling Over-Ear Headphones (Midnight Blue)')?.name).toBe('Sony WH-1000XM5 Wireless Noise Cancelling Over-Ear Headphones');
  });

  it('is one for a TV’s sizes whose model codes hold the size, and none for a name with no brackets at its end', () => {
    expect(lineOf('Samsung OLED 4K QN65S90C Smart TV (65")')?.key).toBe(lineOf('Samsung OLED 4K QN77S90C Smart TV (77")')?.key);
    expect(lineOf('Samsung OLED 4K QN65S90C Smart TV (65")')).toMatchObject({ name: 'Samsung OLED 4K S90C Smart TV', variant: '65"' });
    expect(lineOf('LG OLED55C4PUA evo C4 4K Smart TV (55")')?.name).toBe('LG OLED evo C4 4K Smart TV');
    expect(lineOf('LG OLED evo C4 OLED55C4PUA 4K Smart TV (55")')?.name).toBe('LG OLED evo C4 4K Smart TV');
    expect(lineOf('Sony Bravia KD-55X85K 4K TV (55")')?.name).toBe('Sony Bravia X85K 4K TV');
    expect(lineOf('Sony X80K KD55X80K 4K HDR LED Google TV (55")')?.name).toBe('Sony X80K 4K HDR LED Google TV');
    expect(lineOf('LG UHD UR9000 65UR9000PUA 4K Smart TV (65")')?.name).toBe('LG UHD UR9000 4K Smart TV');
    expect(lineOf('TCL Q6 75Q651F QLED 4K Google TV (75")')?.name).toBe('TCL Q6 QLED 4K Google TV');
    expect(lineOf('LG UHD UR9000 65UR9000PUA 4K Smart TV (65")')?.key).toBe(lineOf('LG UHD UR9000 55UR9000PUA 4K Smart TV (55")')?.key);
    expect(lineOf('Sony WH-1000XM4 (Black)')?.name).toBe('Sony WH-1000XM4');
    expect(lineOf('Sony WH-1000XM5 Headphones')).toBeNull();
    expect(lineOf('Adobe Photoshop (CS3) for Mac')).toBeNull();
  });

  it('is told in the lists of typed words, and not in a pasted link’s', () => {
    const listed = titled('Sony WH-1000XM4 (Black)', 'Sony WH-1000XM5 Headphones');
    expect(withLines(listed, true).map((product) => product.line)).toEqual([{ key: lineOf('Sony WH-1000XM4 (White)')?.key, name: 'Sony WH-1000XM4', variant: 'Black' }, null]);
    expect(withLines(listed, false)).toEqual(listed);
  });
});

describe('reading the lines of the whole catalog', () => {
  /** A catalog's listings in memory: `kept` says whether `setLines` keeps a product's line. */
  function listings(count: number, kept = () => true) {
    const lines = new Map<number, string | null>();
    const products = Array.from({ length: count }, (_, index) => ({ id: index + 1, title: `Apple iPhone 16 Pro (${index % 2 ? '256GB' : '128GB'}, Black Titanium)` }));
    let batches = 0;
    return {
      lines,
      batches: () => batches,
      unreadLines: async (_query: unknown, limit: number, afterId = 0) => {
        batches++;
        return products.filter((product) => product.id > afterId && !lines.has(product.id)).slice(0, limit);
      },
      setLines: async (read: ReadonlyArray<{ id: number; lineKey: string | null }>) => {
        for (const line of read) if (kept()) lines.set(line.id, line.lineKey);
      },
    };
  }

  it('reads every product’s line, a batch at a time, and answers how many', async () => {
    const catalog = listings(4_500);
    expect(await readAllLines(catalog)).toBe(4_500);
    expect(catalog.lines.size).toBe(4_500);
    expect(new Set(catalog.lines.values())).toEqual(new Set([lineOf('Apple iPhone 16 Pro (128GB, Black Titanium)')?.key]));
    expect(catalog.batches()).toBe(Math.ceil(4_500 / LINES_PER_BATCH) + (4_500 % LINES_PER_BATCH === 0 ? 1 : 0));
    expect(await readAllLines(catalog)).toBe(0);
  });

  it('stops between batches when told, and goes past lines it could not keep, once', async () => {
    const catalog = listings(4_500);
    let told = false;
    const stopping = readAllLines(catalog, () => told);
    told = true;
    expect(await stopping).toBe(LINES_PER_BATCH);
    const stuck = listings(2_000, () => false);
    expect(await readAllLines(stuck)).toBe(2_000);
    expect(stuck.batches()).toBe(2_000 / LINES_PER_BATCH + 1);
  });
});

describe('reading the lines of the whole catalog, beside other work', () => {
  it('lets other work run between its batches', async () => {
    const lines = new Map<number, string | null>();
    const products = Array.from({ length: 6_000 }, (_, index) => ({ id: index + 1, title: `Apple iPhone 16 (${index % 2 ? '256GB' : '128GB'}, Black)` }));
    const batchesDone: number[] = [];
    let batches = 0;
    const listings = {
      unreadLines: async (_query: unknown, limit: number, afterId = 0) => products.filter((product) => product.id > afterId && !lines.has(product.id)).slice(0, limit),
      setLines: async (read: ReadonlyArray<{ id: number; lineKey: string | null }>) => {
        for (const line of read) lines.set(line.id, line.lineKey);
        batches++;
      },
    };
    // A timer due now runs before the second batch, not after the whole reading.
    setImmediate(() => batchesDone.push(batches));
    expect(await readAllLines(listings)).toBe(6_000);
    expect(batchesDone).toEqual([1]);
  });
});
