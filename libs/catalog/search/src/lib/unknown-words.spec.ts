import { listingsCatalog } from './testing/listings-catalog';
import { everydayKind, headWord, listingKind, listsOtherKind, mixesKinds, namesUnsoldKind, oppositesLast, oppositesLeftOut, UNSAID_WORDS_MAX, withoutUnknownWords, withoutUnsaidWords } from './unknown-words';

const INDEX: Record<string, number> = { usb: 5, laptop: 30, tv: 25, camera: 12, speaker: 9, sony: 40, apple: 55, new: 20, phone: 4, gaming: 8 };
const offerCounts = async (words: readonly string[]) => new Map(words.map((word) => [word, INDEX[word] ?? 0]));

describe('headWord', () => {
  it('reads the kind sought as the last word before "for" or "with", a generation’s words aside', () => {
    expect(headWord(['sony', 'headphones', 'for', 'running'])).toBe('headphones');
    expect(headWord(['Kindle', 'Paperwhite', '12th', 'Generation'])).toBe('paperwhite');
    expect(headWord(['echo', 'dot', 'gen'])).toBe('dot');
    expect(headWord([])).toBeUndefined();
  });

  it('reads no inch typed after a size as the kind: the size stands in its place', () => {
    expect(headWord(['vizio', '50', 'inch'])).toBe('50');
    expect(headWord(['vizio', '50in'])).toBe('50');
    expect(headWord(['sony', '65', 'inch', 'tv'])).toBe('tv');
  });

  it('reads a size typed after an everyday kind as the kind’s, and a number after a name or an edition as the model’s', () => {
    expect(headWord(['laptop', 'bag', '15'])).toBe('bag');
    expect(headWord(['laptop', '15', 'inch'])).toBe('laptop');
    expect(headWord(['iphone', '16'])).toBe('16');
    expect(headWord(['ipad', 'pro', '256'])).toBe('256');
    expect(headWord(['headphones', '2024'])).toBe('headphones');
  });

  it('reads no colour typed after the thing as its kind, a maker’s shade with it; a colour alone stays', () => {
    expect(headWord(['ps5', 'controller', 'red'])).toBe('controller');
    expect(headWord(['dualsense', 'cosmic', 'red'])).toBe('dualsense');
    expect(headWord(['macbook', 'air', 'space', 'grey'])).toBe('air');
    expect(headWord(['ipad', 'a16', '256', 'silver'])).toBe('256');
    expect(headWord(['black'])).toBe('black');
    // A capacity typed after the colour says which one too.
    expect(headWord(['galaxy', 's24', 'ultra', 'titanium', 'gray', '512'])).toBe('ultra');
    expect(headWord(['iphone', '16', 'black', '256gb'])).toBe('16');
    expect(headWord(['laptop', 'bag', 'black', '15'])).toBe('bag');
  });
});

describe('withoutUnknownWords', () => {
  it('leaves out everyday words no offer carries, and the joining word they leave dangling', async () => {
    expect(await withoutUnknownWords('laptop for students', offerCounts)).toBe('laptop');
    expect(await withoutUnknownWords('TV for Bedroom', offerCounts)).toBe('TV');
    expect(await withoutUnknownWords('phone for seniors', offerCounts)).toBe('phone');
    // A word offers carry in the other number is kept.
    expect(await withoutUnknownWords('cell phones', offerCounts)).toBe('phones');
    expect(await withoutUnknownWords('i want a new laptop', offerCounts)).toBe('new laptop');
  });

  it('leaves out a word no offer carries after a joining word or another word left out, whatever it is', async () => {
    expect(await withoutUnknownWords('camera for vlogging', offerCounts)).toBe('camera');
    expect(await withoutUnknownWords('camera for photography beginners', offerCounts)).toBe('camera');
    expect(await withoutUnknownWords('speaker for outdoor parties', offerCounts)).toBe('speaker');
  });

  it('keeps a model number, a name the catalog lacks and a short name, and says so with null', async () => {
    expect(await withoutUnknownWords('sony wh1000xm9', offerCounts)).toBeNull();
    expect(await withoutUnknownWords('apple earpods', offerCounts)).toBeNull();
    expect(await withoutUnknownWords('nikon zf', offerCounts)).toBeNull();
    // The words before "for" name the thing sought: no battery is no reason to answer the phone.
    expect(await withoutUnknownWords('battery for sony phone', offerCounts)).toBeNull();
    expect(await withoutUnknownWords('battery for phone for seniors', offerCounts)).toBe('battery for phone');
    // Nor is the word naming the kind: "usb microphone" is no "usb".
    expect(await withoutUnknownWords('usb microphone', offerCounts)).toBeNull();
  });

  it('returns null when every word is carried, or when nothing but joining words would be left', async () => {
    expect(await withoutUnknownWords('gaming laptop', offerCounts)).toBeNull();
    expect(await withoutUnknownWords('not a link', offerCounts)).toBeNull();
    expect(await withoutUnknownWords('where can I find a good deal', offerCounts)).toBeNull();
    expect(await withoutUnknownWords('', offerCounts)).toBeNull();
  });
});

describe('namesUnsoldKind', () => {
  it('is true when the word naming the kind sought is an everyday word no offer carries', async () => {
    expect(await namesUnsoldKind('smart plug', offerCounts)).toBe(true);
    expect(await namesUnsoldKind('replacement battery for sony phone', offerCounts)).toBe(true);
    expect(await namesUnsoldKind('sony phone with battery', offerCounts)).toBe(false);
  });

  it('is false for a kind offers carry, a model number, a name the catalog lacks, or no words', async () => {
    expect(await namesUnsoldKind('gaming laptop', offerCounts)).toBe(false);
    expect(await namesUnsoldKind('laptop for students', offerCounts)).toBe(false);
    // In the other number than offers write it.
    expect(await namesUnsoldKind('gaming laptops', offerCounts)).toBe(false);
    expect(await namesUnsoldKind('phones', offerCounts)).toBe(false);
    expect(await namesUnsoldKind('sony wh1000xm9', offerCounts)).toBe(false);
    expect(await namesUnsoldKind('apple earpods', offerCounts)).toBe(false);
    expect(await namesUnsoldKind('', offerCounts)).toBe(false);
  });
});

describe('everydayKind', () => {
  it('names the everyday word that says what kind of thing is sought', () => {
    expect(everydayKind('iphone 15 case')).toBe('case');
    expect(everydayKind('laptop bag for work')).toBe('bag');
  });

  it('judges no name, number or joining word so', () => {
    expect(everydayKind('apple iphone')).toBeNull();
    expect(everydayKind('galaxy s24')).toBeNull();
    expect(everydayKind('for')).toBeNull();
    expect(everydayKind('sony wh1000xm5')).toBeNull();
    // The last piece of a model number typed loosely is a letter.
    expect(everydayKind('vasdh 8 gcl 4 r 1 n')).toBeNull();
  });
});

describe('listingKind', () => {
  it('reads the last word of the name, before what the thing comes with, is for or is made by', () => {
    expect(listingKind('KitchenAid Artisan Series KSM150PS 5 Quart Tilt-Head Stand Mixer, Empire Red')).toBe('mixer');
    expect(listingKind('Dell UltraSharp U2723QE 27" 4K USB-C Hub Monitor (27")')).toBe('monitor');
    expect(listingKind('Samsung The Frame 55" Class QN55LS03D QLED 4K Smart TV with Wall Mount Kit')).toBe('tv');
    expect(listingKind('Targus Laptop Bags for 15.6" Laptops')).toBe('bags');
    expect(listingKind('Nespresso Vertuo Next ENV120 Coffee and Espresso Machine by DeLonghi - Black')).toBe('machine');
    expect(listingKind('(Renewed)')).toBeNull();
  });
});

describe('listsOtherKind', () => {
  const catalog = listingsCatalog({
    1: ['Samsung 55" Class Crystal UHD 4K Smart TV with Table Stand'],
    2: ['Echelon Universal TV Stand for 32-65" TVs'],
    3: ['Logitech Brio 4K Webcam, Plug and Play, Black', 'Logitech Brio 4K Webcam - Black'],
    4: ['Kasa Smart Plug Mini, Plug-n-Play Setup'],
    5: ['Samsung Odyssey G7 32" 4K UHD Gaming Monitor, Low Blue Light', 'Samsung Odyssey G7 4K UHD Gaming Monitor (32")'],
    6: ['Neewer 18" LED Ring Light with Stand, Dimmable'],
  });

  it('tells products some of which hold the kind in their names and some not (“phone with camera”: a phone and cameras)', async () => {
    const found = listingsCatalog({
      1: ['Nothing Phone (2a) Unlocked Smartphone, 128GB, Black'],
      2: ['GoPro HERO13 Black Waterproof Action Camera with Phone App'],
      3: ['Nothing Phone (2a) 256GB White'],
    });
    expect(await mixesKinds(found, 'phone with camera', [1, 2])).toBe(true);
    expect(await mixesKinds(found, 'phone with camera', [1, 3])).toBe(false);
    expect(await mixesKinds(found, 'phone with camera', [2])).toBe(false);
    expect(await mixesKinds(found, 'nothing 2a', [1, 2])).toBe(false);
  });

  it('reads a kind a listing names only as what the thing comes with as another kind ("tv stand": no TV with its stand)', async () => {
    expect(await listsOtherKind(catalog, 'tv stand', [1])).toBe(true);
    expect(await listsOtherKind(catalog, 'tv stand', [1, 2])).toBe(false);
  });

  it('reads a kind a listing names only as how the thing works as another kind ("smart plug": no "Plug and Play" webcam)', async () => {
    expect(await listsOtherKind(catalog, 'smart plug', [3])).toBe(true);
    expect(await listsOtherKind(catalog, 'smart plug', [3, 4])).toBe(false);
  });

  it('reads, in a listing’s name only, a kind its listings give after the name as another kind ("light": no monitor with "Low Blue Light")', async () => {
    expect(await listsOtherKind(catalog, 'light', [5])).toBe(false);
    expect(await listsOtherKind(catalog, 'light', [5], true)).toBe(true);
    expect(await listsOtherKind(catalog, 'light', [5, 6], true)).toBe(false);
  });
});

describe('withoutUnsaidWords', () => {
  const LISTINGS: Record<number, string[]> = {
    1: ['Nothing Phone (2a) Unlocked Smartphone (128GB, White)'],
    2: ['Google Pixel 9 Unlocked Android Smartphone (128GB, Obsidian)'],
    3: ['HP OfficeJet Pro 8135e Wireless All-in-One Printer Mobile Printing'],
    4: ['KitchenAid Artisan Series KSM150PS 5 Quart Tilt-Head Stand Mixer, Empire Red'],
    5: ['Dell UltraSharp U2723QE 27" 4K USB-C Hub Monitor, Adjustable Stand, Eye Care'],
    6: ['TCL Q6 55Q651F QLED 4K Google TV'],
  };
  const catalog = listingsCatalog(LISTINGS);
  const kinds: Record<string, number[]> = { phone: [1, 2], printer: [3], stand: [4, 5], tv: [6] };
  const kindProducts = async (kind: string) => kinds[kind] ?? [];

  it('leaves out the everyday words no listing of the kind sought says', async () => {
    expect(await withoutUnsaidWords(catalog, 'mobile phone', kindProducts)).toBe('phone');
    expect(await withoutUnsaidWords(catalog, 'gaming phone for kids', kindProducts)).toBe('phone');
    // A kind of two letters that its listings name their item by.
    expect(await withoutUnsaidWords(catalog, 'gaming tv', kindProducts)).toBe('tv');
    expect(await withoutUnsaidWords(catalog, 'tv for gaming', kindProducts)).toBe('tv');
    // A year, as an everyday word: no phone's listing says 2024.
    expect(await withoutUnsaidWords(catalog, 'phone 2024', kindProducts)).toBe('phone');
  });

  it('keeps words a listing of the kind says, names, numbers, and reads no more than a few words', async () => {
    expect(await withoutUnsaidWords(catalog, 'android phone', kindProducts)).toBeNull();
    expect(await withoutUnsaidWords(catalog, 'mobile printer', kindProducts)).toBeNull();
    expect(await withoutUnsaidWords(catalog, 'nokia phone', kindProducts)).toBeNull();
    expect(await withoutUnsaidWords(catalog, 'phone 15', kindProducts)).toBeNull();
    expect(await withoutUnsaidWords(catalog, 'a very good mobile phone'.split(' ').slice(0, UNSAID_WORDS_MAX + 1).join(' '), kindProducts)).toBeNull();
    expect(await withoutUnsaidWords(catalog, 'mobile tablet', kindProducts)).toBeNull();
  });

  it('leaves out no word where the products the kind’s word finds are another kind ("laptop stand": stand mixers)', async () => {
    expect(await withoutUnsaidWords(catalog, 'laptop stand', kindProducts)).toBeNull();
  });

  it('keeps an everyday word that listings write right after their maker’s name as its line’s name ("switch case")', async () => {
    const cases = listingsCatalog(
      {
        1: ['Apple Watch SE GPS 44mm Aluminum Case with Sport Band'],
        2: ['Nintendo Switch OLED Model Console (White)', 'Nintendo Switch OLED Console'],
        3: ['Nintendo Switch Lite Console (Coral)'],
        4: ['Keychron Q1 Pro Mechanical Keyboard, Hot-Swappable Switches'],
      },
      {},
      { 1: 'Apple', 2: 'Nintendo', 3: 'Nintendo', 4: 'Keychron' },
    );
    const found: Record<string, number[]> = { case: [1], switch: [2, 3, 4] };
    const products = async (word: string) => found[word] ?? [];
    expect(await withoutUnsaidWords(cases, 'switch case', products)).toBeNull();
    // One product that writes it so names no line.
    expect(await withoutUnsaidWords(cases, 'switch case', async (word) => (word === 'switch' ? [3, 4] : products(word)))).toBe('case');
  });

  it('keeps a maker’s name that is an English word ("crucial")', async () => {
    expect(await withoutUnsaidWords(catalog, 'crucial phone', kindProducts)).toBe('phone');
    expect(await withoutUnsaidWords(catalog, 'Crucial phone', kindProducts, async () => ['crucial'])).toBeNull();
  });

  it('leaves out a word that names another kind of thing several makers sell when no listing of the kind sought says it ("tv soundbar")', async () => {
    const sold = listingsCatalog(
      {
        1: ['Samsung Neo QLED QN85QN90C Smart TV with Soundbar'],
        2: ['LG OLED evo C4 OLED65C4PUA 4K Smart TV'],
        3: ['Sonos Beam Gen 2 Smart Soundbar, Black'],
        4: ['Apple iPhone 15 (128GB, Pink)'],
        5: ['Apple iPhone 16, 128GB, Black'],
        6: ['OtterBox Symmetry Series Case (Clear)'],
      },
      {},
      { 1: 'Samsung', 2: 'LG', 3: 'Sonos', 4: 'Apple', 5: 'Apple', 6: 'OtterBox' },
    );
    const found: Record<string, number[]> = { tv: [1, 2], tvs: [1, 2], soundbar: [3], iphone: [4, 5], case: [6] };
    const finds = async (kind: string) => found[kind] ?? [];
    expect(await withoutUnsaidWords(sold, 'tv soundbar', finds)).toBe('soundbar');
    expect(await withoutUnsaidWords(sold, 'soundbar for tvs', finds)).toBe('soundbar');
    // One maker's name for its line names no kind: a case for it is sought.
    expect(await withoutUnsaidWords(sold, 'iphone case', finds)).toBeNull();
    // Nor does a kind one maker alone sells.
    expect(await withoutUnsaidWords(sold, 'tv soundbar', async (kind) => (kind === 'tv' ? [1] : finds(kind)))).toBeNull();
  });
});

describe('oppositesLeftOut and oppositesLast', () => {
  const headphones = [
    { title: 'Sennheiser MOMENTUM 4 Wireless Noise Cancelling Headphones' },
    { title: 'Soundcore Life Q30 Hybrid Active Noise Cancelling Headphones' },
    { title: 'Sony WH-1000XM5 Wireless Headphones' },
    { title: 'Audio-Technica ATH-M50x Professional Studio Monitor Headphones' },
  ];

  it('reads the opposite of each word typed that the words searched leave out', () => {
    expect(oppositesLeftOut('wired headphones', 'headphones')).toEqual(['wireless']);
    expect(oppositesLeftOut('Samsung External SSD', 'samsung ssd')).toEqual(['internal']);
    // Searched as typed, or a word with no opposite: none.
    expect(oppositesLeftOut('wired headphones', 'wired headphones')).toEqual([]);
    expect(oppositesLeftOut('studio headphones', 'headphones')).toEqual([]);
  });

  it('lists the products whose names say an opposite after the others, in their order', () => {
    expect(oppositesLast(['wireless'], headphones).map((product) => product.title)).toEqual([headphones[1], headphones[3], headphones[0], headphones[2]].map((product) => product?.title));
    expect(oppositesLast([], headphones)).toEqual(headphones);
  });
});
