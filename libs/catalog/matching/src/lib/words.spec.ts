import { prepareOffer } from './prepare';
import { modelFieldIsWords } from './normalise';
import { clusterEvidence, codesHeldBy, identifiersConflict, joinedModelSpans, restoreDecimals } from './words';

describe('joinedModelSpans', () => {
  it('proposes runs of words that may be one model number split at its dashes, longest first', () => {
    const spans = joinedModelSpans('bose quietcomfort earbuds ii 870639 0100 headphones'.split(' '));
    expect(spans.map((span) => span.key)).toEqual(expect.arrayContaining(['8706390100', 'II8706390100', '8706390100HEADPHONES']));
    expect(spans[0]?.length).toBe(3);
    expect(joinedModelSpans(['sony', 'wh', '1000xm5']).map((span) => span.key)).toContain('WH1000XM5');
  });

  it('leaves out runs without digits, runs with measured quantities and short runs', () => {
    expect(joinedModelSpans(['wireless', 'noise', 'canceling'])).toEqual([]);
    expect(joinedModelSpans(['16gb', 'ram', '512gb', 'ssd'])).toEqual([]);
    expect(joinedModelSpans(['g', '513'])).toEqual([]);
  });
});

describe('restoreDecimals', () => {
  it('reads a number, a single digit and a unit as one decimal', () => {
    expect(restoreDecimals('apple ipad 10 9 inch m2'.split(' '))).toEqual(['apple', 'ipad', '10.9', 'inch', 'm2']);
    expect(restoreDecimals('camera 24 2mp body'.split(' '))).toEqual(['camera', '24.2mp', 'body']);
    expect(restoreDecimals('mixer 4 5 quart'.split(' '))).toEqual(['mixer', '4.5', 'quart']);
  });

  it('keeps ranges, lone numbers and numbers before other words', () => {
    expect(restoreDecimals('with 18 55mm lens'.split(' '))).toEqual(['with', '18', '55mm', 'lens']);
    expect(restoreDecimals('ideapad slim 7 laptop'.split(' '))).toEqual(['ideapad', 'slim', '7', 'laptop']);
    expect(restoreDecimals('series 9 45mm'.split(' '))).toEqual(['series', '9', '45mm']);
  });
});

describe('clusterEvidence', () => {
  const offer = (title: string, extra: { gtin?: string; model?: string; brand?: string } = {}) => prepareOffer({ title, ...extra });

  it('finds a colour or capacity conflict stated by any member, not only the most similar one', () => {
    const item = offer('Galaxy Tab S9 128GB Wi-Fi Graphite');
    const members = [offer('Samsung Galaxy Tab S9 Android Tablet'), offer('Samsung Galaxy Tab S9 256GB Wi-Fi - Beige')];
    const evidence = clusterEvidence(item, members);
    expect(evidence.colourConflict).toBe(true);
    expect(evidence.quantityConflicts).toEqual(['data']);
    const same = clusterEvidence(item, [offer('Samsung Galaxy Tab S9 Android Tablet'), offer('Samsung Galaxy Tab S9 128GB Wi-Fi - Graphite')]);
    expect(same).toMatchObject({ colourConflict: false, quantityConflicts: [] });
  });

  it('compares only the measured values the caller says can tell candidates apart', () => {
    const item = offer('samsung 990 pro internal ssd up to 7 450mb');
    const members = [offer('Samsung 990 PRO Internal SSD, 1TB, Black')];
    expect(clusterEvidence(item, members).quantityConflicts).toEqual(['data']);
    const comparable = new Map([['data' as const, new Set([1e12, 2e12])]]);
    expect(clusterEvidence(item, members, { comparableQuantities: comparable }).quantityConflicts).toEqual([]);
  });

  it('tells a model number the members state from one they do not, split or whole', () => {
    const item = offer('bose quietcomfort earbuds ii 870639-0100 headphones');
    expect(clusterEvidence(item, [offer('Bose QuietComfort Earbuds II Headphones', { model: '870639-0100-MB' })])).toMatchObject({ modelHit: true, modelConflict: false });
    expect(clusterEvidence(item, [offer('Bose QuietComfort Earbuds II 726048-0100 Headphones')])).toMatchObject({ modelHit: false, modelConflict: true });
    expect(clusterEvidence(item, [offer('Bose QuietComfort Earbuds II Headphones')])).toMatchObject({ modelHit: false, modelConflict: false });
  });

  it('tells a part number the members do not state apart, even beside a family name they share', () => {
    const members = [offer('Logitech Brio 500 960-009636 Webcam - Graphite'), offer('Logitech Brio 500 Webcam, Graphite', { model: '960-009636-GA' })];
    const other = clusterEvidence(offer('Brand New Brio 500 960-008842 Webcam Graphite'), members);
    expect(other).toMatchObject({ modelHit: true, modelConflict: false, modelMismatch: true });
    const same = clusterEvidence(offer('Logitech Brio 500 960-009636 Webcam Graphite'), members);
    expect(same).toMatchObject({ modelHit: true, modelConflict: false, modelMismatch: false });
  });

  it('reads a part number of digits against a model of letters and digits as two numberings of one item', () => {
    const maker = offer('Logitech Harmony One Advanced Universal Remote Control 915-000035');
    expect(clusterEvidence(offer('Logitech Harmony One Advanced Universal Remote Control HARMONY1'), [maker]).modelMismatch).toBe(false);
    expect(clusterEvidence(offer('Bose Acoustimass 5 Series III Speaker System AM53BK'), [offer('Bose Acoustimass 5 Series III Speaker System 21725')]).modelMismatch).toBe(false);
    // A model of letters and digits the members do not state, beside one they state, is still another model.
    expect(clusterEvidence(offer('Logitech Harmony 650 Universal Remote Control HARMONY650 915-000035'), [offer('Logitech Harmony One Universal Remote HARMONY1 915-000035')]).modelMismatch).toBe(true);
  });

  it('reads a model number with a word glued on in front as that model number, not another', () => {
    // "RCA 22LA45RQ" and "HDTV 22LA45RQ" are also read as RCA22LA45RQ and HDTV22LA45RQ.
    const evidence = clusterEvidence(offer('RCA 22LA45RQ 22-Inch 720p LCD TV - Black', { model: '22LA45RQ' }), [offer('RCA 22 Class 1080p 60HZ LCD HDTV 22LA45RQ', { model: '22LA45RQ' })]);
    expect(evidence).toMatchObject({ modelHit: true, modelMismatch: false, modelsAllHeld: true });
  });

  it('tells whether the members state every model number of the item', () => {
    const item = offer('lenovo tab m23 tb119fu android tablet 256gb wi fi');
    expect(clusterEvidence(item, [offer('Lenovo - Tab M23 TB119FU 256GB Wi-Fi + Cellular Android Tablet - Silver')]).modelsAllHeld).toBe(true);
    // The family ("Tab M23") is held, the model number is not.
    expect(clusterEvidence(item, [offer('Lenovo Tab M23 TB328XU 256GB Wi-Fi Android Tablet')])).toMatchObject({ modelHit: true, modelMismatch: true, modelsAllHeld: false });
    expect(clusterEvidence(offer('Lenovo tablet 256GB'), [offer('Lenovo Tab M23 TB328XU 256GB')]).modelsAllHeld).toBe(false);
  });

  it('sees another GTIN or part number anywhere in the cluster as a different product', () => {
    const item = offer('Dyson V15 Detect Cordless Vacuum', { gtin: '0027242919419' });
    const members = [offer('Dyson V15 Detect Cordless Vacuum'), offer('Dyson V15 Detect 343207-01 Cordless Vacuum', { gtin: '0194252056639' })];
    expect(clusterEvidence(item, members).identifierConflict).toBe(true);
    expect(clusterEvidence(offer('Dyson V15', { model: '343207-01-BA' }), [offer('Dyson V15', { model: '788306-01-NY' })]).identifierConflict).toBe(true);
    expect(clusterEvidence(offer('Dyson V15', { model: '343207-01' }), [offer('Dyson V15', { model: '343207-01-BA' })]).identifierConflict).toBe(false);
  });

  it('keeps a third party’s supply out of a product of the maker’s own, and the other way round', () => {
    const original = offer('Xerox 108R00657 Extended-Capacity Maintenance Kit for WorkCentre C2424');
    const remanufactured = offer('LD Xerox WorkCentre C2424 Remanufactured 108R00657 Extended-Capacity Maintenance Kit');
    const plain = offer('Extended Capacity Maintenance Kit WorkCentre C2424');
    expect(clusterEvidence(remanufactured, [plain, original]).makerConflict).toBe(true);
    expect(clusterEvidence(original, [remanufactured]).makerConflict).toBe(true);
    expect(clusterEvidence(original, [plain]).makerConflict).toBe(false);
  });

  it('tells identifiers apart the same way for two offers alone', () => {
    expect(identifiersConflict({ gtin: '0027242919419', mpn: null }, { gtin: '0194252056639', mpn: null })).toBe(true);
    expect(identifiersConflict({ gtin: null, mpn: '343207-01-BA' }, { gtin: null, mpn: '788306-01-NY' })).toBe(true);
    expect(identifiersConflict({ gtin: null, mpn: '343207-01' }, { gtin: null, mpn: '343207-01-BA' })).toBe(false);
    expect(identifiersConflict({ gtin: '0027242919419', mpn: null }, { gtin: null, mpn: '788306-01-NY' })).toBe(false);
    expect(identifiersConflict({ gtin: null, mpn: '' }, { gtin: null, mpn: 'ABC' })).toBe(false);
  });

  it('sees a variant word most members state and the item lacks', () => {
    const members = [offer('Apple iPhone 15 Pro 256GB Black'), offer('iPhone 15 Pro - 256GB - Black')];
    expect(clusterEvidence(offer('apple iphone 15 256gb black'), members).editionConflict).toBe(true);
    expect(clusterEvidence(offer('apple iphone 15 pro 256gb black'), members).editionConflict).toBe(false);
    expect(clusterEvidence(offer('dell laptop windows 11 home'), [offer('Dell XPS 13 Laptop')]).editionConflict).toBe(false);
    // Target's "dyson-v15-detect-cordless-vacuum" names the V15 Detect, not the V15 Detect Extra.
    const extra = [offer('Dyson V15 Detect Extra Cordless Vacuum, Yellow/Nickel'), offer('Dyson - V15 Detect Extra Cordless Vacuum - Yellow/Nickel')];
    expect(clusterEvidence(offer('dyson v15 detect cordless vacuum'), extra).editionConflict).toBe(true);
    expect(clusterEvidence(offer('dyson v15 detect extra cordless vacuum'), extra).editionConflict).toBe(false);
    // A word of a brand's name is the brand's, no edition: "Da-Lite", typed after the words or not at all.
    const clamp = prepareOffer({ title: 'Da-Lite Deluxe Hinged Screen Joining Clamp for Fast Fold Screens', brand: 'Da-Lite' });
    const plain = prepareOffer({ title: 'Hinged Screen Joining Clamp', brand: 'Da-Lite' });
    expect(clusterEvidence(clamp, [plain]).editionConflict).toBe(false);
    expect(clusterEvidence(plain, [clamp]).editionConflict).toBe(false);
    expect(clusterEvidence(prepareOffer({ title: 'Hinged Clamp Da-Lite' }), [plain]).editionConflict).toBe(false);
    const lite = [prepareOffer({ title: 'Sony Xperia 1 VI Lite', brand: 'Sony' })];
    expect(clusterEvidence(prepareOffer({ title: 'Sony Xperia 1 VI', brand: 'Sony' }), lite).editionConflict).toBe(true);
  });

  it('with editionsNeedTheirLead, holds a lacking variant word against the item only where it holds the word before it', () => {
    const max = [offer('Bose SoundLink Max Portable Bluetooth Speaker, Black'), offer('Bose SoundLink Max 885062-0400 Portable Bluetooth Speaker - Black')];
    const typed = { editionsNeedTheirLead: true };
    // "bose speaker black" names no SoundLink line: the Max is no other edition of what was asked for.
    expect(clusterEvidence(offer('bose speaker black'), max).editionConflict).toBe(true);
    expect(clusterEvidence(offer('bose speaker black'), max, typed).editionConflict).toBe(false);
    // "bose soundlink speaker" and "iphone 15" name the line the edition follows.
    expect(clusterEvidence(offer('bose soundlink speaker'), max, typed).editionConflict).toBe(true);
    expect(clusterEvidence(offer('iphone 15'), [offer('Apple iPhone 15 Pro 256GB Black'), offer('iPhone 15 Pro - 256GB')], typed).editionConflict).toBe(true);
    expect(clusterEvidence(offer('iphone 15 professional'), [offer('Apple iPhone 15 Pro 256GB Black')], typed).editionConflict).toBe(false);
  });

  it('sees a variant word the item states and no member does', () => {
    const wifi = [offer('Apple iPad Pro 11-inch M4, All-Day Battery, 256GB Wi-Fi, Space Gray'), offer('iPad Pro 11-inch M4 256GB Wi-Fi')];
    expect(clusterEvidence(offer('apple ipad pro 11 inch m4 all day battery 256gb wi fi cellular'), wifi).editionConflict).toBe(true);
    expect(clusterEvidence(offer('apple ipad pro 11 inch m4 256gb wi fi'), wifi).editionConflict).toBe(false);
    // Words without "cellular" may still mean the cellular model.
    expect(clusterEvidence(offer('apple watch series 10'), [offer('Apple Watch Series 10 GPS + Cellular 46mm')]).editionConflict).toBe(false);
    expect(clusterEvidence(offer('apple iphone 15 pro 256gb'), [offer('Apple iPhone 15 256GB Black')]).editionConflict).toBe(true);
    // "Ultra HD" names the picture, not an Ultra edition.
    const tv = [offer('LG UHD 85UR8010PUJ 85" 4K Smart TV Silver')];
    expect(clusterEvidence(offer('lg uhd 85ur8010puj 85 4k smart tv 4k ultra hd 120hz silver'), tv).editionConflict).toBe(false);
    expect(clusterEvidence(offer('samsung galaxy s24 ultra 256gb'), [offer('Samsung Galaxy S24 256GB')]).editionConflict).toBe(true);
  });

  it('sees another number of the same line, stated by any member', () => {
    const members = [offer('Lenovo IdeaPad Slim 5 16GB RAM 1TB SSD Laptop - Platinum Silver'), offer('Lenovo IdeaPad Laptop, Long Battery Life, Platinum Silver')];
    expect(clusterEvidence(offer('lenovo ideapad slim 7 laptop long battery life platinum silver'), members).lineConflict).toBe(true);
    expect(clusterEvidence(offer('lenovo ideapad slim 5 laptop platinum silver'), members).lineConflict).toBe(false);
    // A line the members never number is no conflict: nothing says which one they are.
    expect(clusterEvidence(offer('lenovo ideapad slim 7 laptop'), [offer('Lenovo IdeaPad Slim Laptop')]).lineConflict).toBe(false);
    expect(clusterEvidence(offer('canon eos r5 with 18 55mm lens'), [offer('Canon EOS R10 with 18-55mm Lens Mirrorless Camera')]).lineConflict).toBe(true);
  });

  it('reads a letter right after a word of a line as a model of it ("Xbox Series S" against "Series X")', () => {
    const generations = (item: string, members: string[]) => clusterEvidence(offer(item), members.map((title) => offer(title))).generationConflict;
    const seriesX = ['Microsoft Xbox Series X 1TB Console', 'Microsoft - Xbox Series X 1TB Console'];
    expect(generations('Microsoft Xbox Series S 1TB Console - Carbon Black', seriesX)).toBe(true);
    expect(generations('Microsoft Xbox One S 1TB Console', ['Microsoft Xbox One X 1TB Console'])).toBe(true);
    expect(generations('Microsoft Xbox Series X Console, 1TB', seriesX)).toBe(false);
    // A letter the members never state there tells nothing; nor does a size's or a grade's letter.
    expect(generations('Microsoft Xbox Series S 1TB Console', ['Microsoft Xbox 1TB Console'])).toBe(false);
    expect(generations('Nike Dri-FIT Running Shirt Size M', ['Nike Dri-FIT Running Shirt Size L'])).toBe(false);
  });

  it('reads one number after two lines’ words as two models ("Wonderboom 4" against "Boom 4")', () => {
    const generations = (item: string, members: string[]) => clusterEvidence(offer(item), members.map((title) => offer(title))).generationConflict;
    const wonderboom = ['Ultimate Ears WONDERBOOM 4 Portable Waterproof Bluetooth Speaker, Cobalt Blue', 'Ultimate Ears - WONDERBOOM 4 Speaker - Cobalt Blue'];
    expect(generations('ULTIMATE EARS BOOM 4 Portable Waterproof Bluetooth Speaker Cobalt Blue', wonderboom)).toBe(true);
    expect(generations('Ultimate Ears WONDERBOOM 4 Bluetooth Speaker', wonderboom)).toBe(false);
    // A number with an "s" of its own after the word too ("MX Master 3S").
    const master = ['Logitech MX Master 3S Wireless Performance Mouse, Quiet Clicks', 'Logitech - MX Master 3S Wireless Mouse - Graphite'];
    expect(generations('Logitech MX Anywhere 3S Compact Wireless Mouse Graphite', master)).toBe(true);
    expect(generations('Logitech MX Master 3S Performance Mouse', master)).toBe(false);
    // Two letters glued to one number on both sides are two codes of one numbering ("TP07", "HP07").
    const cool = ['Dyson Purifier Cool TP07 Air Purifier and Fan Black/Nickel', 'DYSON Purifier Cool TP07 Air Purifier and Fan, Black/Nickel'];
    expect(generations('Dyson Purifier Hot+Cool HP07 Air Purifier, Heater and Fan Black/Nickel', cool)).toBe(true);
    expect(generations('Dyson Purifier Cool TP07 Air Purifier', cool)).toBe(false);
    expect(generations('Kingston 4GB USB 2.0 Flash Drive DT101', ['Kingston DataTraveler 101 4GB USB 2.0 Flash Drive'])).toBe(false);
    // Amazon-Google listings of one item: a word written short, and a count of users or computers.
    expect(generations('Instant Immers Spanish Dlux 2', ['Instant Immersion Spanish Deluxe 2.0'])).toBe(false);
    expect(generations('Webroot Software 65210 Spy Sweeper 3 PC', ['Webroot Spysweeper Antispyware 3 User'])).toBe(false);
    expect(generations('I Copydvds 2 Professional Edition', ['I Copy Dvds 2 Professional Edition'])).toBe(false);
    expect(generations('Plustek Book Reader V100', ['Plustek Bookreader V100 - B66-BBE21-A'])).toBe(false);
  });

  it('reads a word where listings that agree number the line as another model of it ("Switch OLED" against "Switch 2")', () => {
    const generations = (item: string, members: string[]) => clusterEvidence(offer(item), members.map((title) => offer(title))).generationConflict;
    const oled = ['Nintendo Switch OLED Model Console, White', 'Nintendo - Switch OLED Model Console - White'];
    const two = ['NINTENDO Switch 2 Console Standalone', 'Nintendo - Switch 2 Standalone Console'];
    expect(generations('Nintendo Switch 2 Console Standalone', oled)).toBe(true);
    expect(generations('Nintendo Switch OLED Model Console - White', two)).toBe(true);
    expect(generations('Nintendo Switch OLED Model Console', oled)).toBe(false);
    // One listing says too little to tell ("Kindle Case" beside "Kindle 3"), and listings that disagree tell nothing.
    expect(generations('Amazon Kindle 3 Leather Case', ['Amazon Kindle Case Leather'])).toBe(false);
    expect(generations('Nintendo Switch 2 Console', ['Nintendo Switch OLED Model Console', 'Nintendo Switch Lite Console'])).toBe(false);
  });

  it('reads an edition right after a word every listing names the item by as another model ("V15 Detect Extra" against "V15 Detect")', () => {
    const generations = (item: string, members: string[]) => clusterEvidence(offer(item), members.map((title) => offer(title))).generationConflict;
    const detect = ['Dyson V15 Detect Cordless Vacuum, Yellow/Nickel', 'Dyson - V15 Detect Cordless Vacuum - Yellow/Nickel'];
    const extra = ['Dyson V15 Detect Extra Cordless Vacuum, Yellow/Nickel', 'DYSON V15 Detect Extra Cordless Vacuum Yellow/Nickel'];
    expect(generations('V15 Detect Extra Cordless Vacuum Yellow/Nickel w/ Box', detect)).toBe(true);
    expect(generations('Brand New Dyson V15 Detect Cordless Vacuum Yellow/Nickel', extra)).toBe(true);
    expect(generations('Dyson V15 Detect Extra Cordless Vacuum', extra)).toBe(false);
    // An edition word that describes something else, or that one listing alone lacks, tells nothing.
    const printer = ['Canon PIXMA G7020 MegaTank All-in-One Printer, Black', 'Canon - PIXMA G7020 MegaTank All-in-One Printer - Black'];
    expect(generations('Canon PIXMA G7020 MegaTank All-in-One Printer with Extra Ink', printer)).toBe(false);
    const mouse = ['Razer Viper V3 Pro Wireless Gaming Mouse Black', 'Razer - Viper V3 Pro Wireless Gaming Mouse - Black'];
    expect(generations('Razer Viper V3 Pro Wireless Gaming Mouse, HyperSpeed Wireless, Ultra-Lightweight, Black', mouse)).toBe(false);
    const tv = ['LG OLED evo C4 OLED65C4PUA 65-Inch 4K Smart TV', 'LG OLED evo C4 65" Class OLED65C4PUA 4K Smart TV'];
    expect(generations('LG OLED evo C4 OLED65C4PUA 65" 4K Smart TV, 4K Ultra HD', tv)).toBe(false);
    expect(generations('V15 Detect Extra Cordless Vacuum', ['Dyson V15 Detect Cordless Vacuum'])).toBe(false);
  });

  it('reads two models each named by a word at one place of the name ("SoundLink Flex" against "SoundLink Micro")', () => {
    const generations = (item: string, members: string[], brand: string) =>
      clusterEvidence(offer(item, { brand }), members.map((title) => offer(title, { brand }))).generationConflict;
    const micro = ['Bose SoundLink Micro Portable Bluetooth Speaker - Stone Blue', 'BOSE SoundLink Micro Portable Bluetooth Speaker Stone Blue'];
    expect(generations('Brand New Bose SoundLink Flex Port. BT Speaker Stone Blue', micro, 'Bose')).toBe(true);
    const mechanical = ['Logitech MX Mechanical Mini Wireless Keyboard, Graphite', 'Logitech - MX Mechanical Mini Wireless Keyboard - Graphite'];
    expect(generations('Renewed MX Keys S Wireless Keyboard Graphite', mechanical, 'Logitech')).toBe(true);
    expect(generations('Logitech MX Mechanical Mini Wireless Keyboard Graphite', mechanical, 'Logitech')).toBe(false);
    // The line's place itself: a model's code against a model named by a letter.
    const z6 = ['Nikon - Z6III Body Only Mirrorless Camera', 'Nikon Z6III Body Only Mirrorless Camera with 64GB SD Card'];
    expect(generations('Nikon Z f Body Only Mirrorless Camera', z6, 'Nikon')).toBe(true);
    // The item states the listings' word elsewhere, or writes it cut short; one listing says too little to tell.
    expect(generations('Used Seagate Port. Drive 5TB External Hard Drive', ['Seagate Portable Drive 5TB External Hard Drive', 'SEAGATE Portable Drive External Hard Drive 5TB'], 'Seagate')).toBe(false);
    expect(generations('KitchenAid Artisan Series 5-Qt Stand Mixer', ['KitchenAid Artisan Stand Mixer Red', 'KitchenAid Artisan Stand Mixer, Red'], 'KitchenAid')).toBe(false);
    expect(generations('Bose SoundLink Flex Speaker', ['Bose SoundLink Micro Speaker'], 'Bose')).toBe(false);
  });

  it('reads the colour beside a finish’s material as the variant’s ("Titanium Case - Natural" against "… Black")', () => {
    const members = [offer('Apple Watch Ultra 2 GPS + Cellular 49mm Titanium Case, Black'), offer('Apple Watch Ultra 2 GPS + Cellular 49mm Titanium Case - Black')];
    expect(clusterEvidence(offer('Apple Watch Ultra 2 GPS + Cellular 49mm Titanium Case - Natural'), members).colourConflict).toBe(true);
    expect(clusterEvidence(offer('Apple Watch Ultra 2 GPS + Cellular 49mm Titanium Case'), members).colourConflict).toBe(false);
    expect(clusterEvidence(offer('Apple iPhone 16 Pro Max 256GB - Natural Titanium'), [offer('Apple iPhone 16 Pro Max, 256GB, Desert Titanium')]).colourConflict).toBe(true);
  });

  it('tells a conflict of generations, numbers of one or two digits, from one of capacities', () => {
    const generations = (item: string, member: string) => clusterEvidence(offer(item), [offer(member)]).generationConflict;
    expect(generations('Apple iPhone 16, US Version, 128GB, Pink', 'Apple iPhone 15, 128GB, Pink')).toBe(true);
    expect(generations('Google Pixel 9 128GB Porcelain', 'Google Pixel 8a 128GB Porcelain')).toBe(true);
    expect(generations('Apple iPhone 15 128GB', 'Apple iPhone 15, 128GB')).toBe(false);
    // Walmart-Amazon listings of one cartridge: "Ultrium 100" is its capacity, no generation.
    expect(generations('HP C7971A Lto Ultrium 1 Tape Cartridge', 'HP LTO-1 Ultrium 100 200GB 609M Tape Cartridge 1-Pack C7971A')).toBe(false);
  });

  it('reads a variant word right after a line number as another model of the line', () => {
    const generations = (item: string, member: string) => clusterEvidence(offer(item), [offer(member)]).generationConflict;
    expect(generations('Apple iPhone 15 Plus, 128GB, Pink', 'Apple iPhone 15, 128GB, Pink')).toBe(true);
    expect(generations('Apple iPhone 15, 128GB, Pink', 'Apple - iPhone 15 Plus 128GB - Pink')).toBe(true);
    expect(generations('Apple iPhone 16 Pro Max 256GB', 'Apple iPhone 16 Pro 256GB')).toBe(true);
    expect(generations('Samsung Galaxy S24 Ultra 256GB', 'Samsung Galaxy S24 256GB')).toBe(true);
    expect(generations('Apple iPhone 16 Pro 256GB', 'Apple iPhone 16 Pro, 256GB, Black Titanium')).toBe(false);
    // Walmart-Amazon listings of one item: a size before "Ultra", a version before "Plus".
    expect(generations('LG 42 Ultra - Slim 42LV5500', '42LV5500 42 Class 1080p 120HZ LED TV with Smarttv')).toBe(false);
    expect(generations('Panasonic KX-TGA6645B DECT 6.0 Plus Expandable Digital Cordless Answering System', 'Panasonic KX-TG6645B DECT 6.0 Cordless Phone with Answering System')).toBe(false);
  });
});

describe('clusterEvidence on plain numbers', () => {
  const offer = (title: string, model?: string) => prepareOffer({ title, model });

  it('sees another four-digit number as a conflict, and a number the members lack only when they state another', () => {
    const item = offer('Dell XPS 13 9335 Laptop, Backlit Keyboard, 16GB RAM 512GB SSD, Sky Blue');
    expect(clusterEvidence(item, [offer('Dell XPS 13 9406 Laptop 16GB RAM 512GB SSD Sky Blue Backlit Keyboard')]).numberConflict).toBe(true);
    expect(clusterEvidence(item, [offer('Dell XPS 13 Laptop, 16GB RAM 512GB SSD, Sky Blue'), offer('Dell - XPS 13 9335 16GB RAM 512GB SSD Laptop - Sky Blue')]).numberConflict).toBe(false);
    expect(clusterEvidence(item, [offer('Dell XPS 13 Laptop, 16GB RAM 512GB SSD, Sky Blue')]).numberConflict).toBe(false);
    // Held in a member's part number, and short numbers ("13", "512GB") are no such numbers.
    expect(clusterEvidence(item, [offer('Dell XPS 13 Laptop - Sky Blue', '9335-SB2')]).numberConflict).toBe(false);
  });
});

describe('codesHeldBy', () => {
  const offer = (title: string, model?: string) => prepareOffer({ title, model });

  it('holds when every model number and long number of the item appears in some member', () => {
    const members = [offer('Dyson V11 Cordless Vacuum, Iron/Purple', '524017-01-IP'), offer('Dyson - V11 524017-01 Cordless Vacuum - Iron/Purple')];
    expect(codesHeldBy(offer('Dyson V11 524017-01 Cordless Vacuum Iron/Purple'), members)).toBe(true);
    // Quantities, short numbers and decimals are no codes: "Z 5", "24.2MP", "65-inch", "2-Year".
    const nikon = [offer('Nikon Z 5 with 24-105mm Lens Mirrorless Camera - Silver')];
    expect(codesHeldBy(offer('Nikon Z 5 Mirrorless Camera, 24.2MP, with 24-105mm Lens, 2-Year Warranty'), nikon)).toBe(true);
  });

  it('fails on a number no member states, though the words are alike', () => {
    const members = [offer('Dell XPS 13 9698 Laptop, 32GB RAM 1TB SSD, Graphite', '9698-GA4'), offer('Dell - XPS 13 9698 32GB RAM 1TB SSD Laptop - Graphite')];
    expect(codesHeldBy(offer('Dell XPS 13 9697 32GB RAM 1TB SSD Laptop Bundle'), members)).toBe(false);
    expect(codesHeldBy(offer('Refurbished HP OfficeJet Pro 8022e Wireless All-in-One Printer Gray'), [offer('HP OfficeJet Pro 8925e Wireless All-in-One Printer, Gray')])).toBe(false);
    expect(codesHeldBy(offer('Dell XPS 13 32GB RAM 1TB SSD Laptop'), members)).toBe(true);
  });
});

describe('variantConflicts', () => {
  // Pairs of the Amazon-Google train split (table A record, table B record), each labelled apart.
  const apart = (a: string, b: string) => clusterEvidence(prepareOffer({ title: a }), [prepareOffer({ title: b })]).variantConflicts;
  it('names the variant kinds where the item and the members state values, none in common', () => {
    expect(apart('3D Home Architect Landscape Designer V8', 'Encore Inc 3D Home Architect Home Design Deluxe Version 9')).toEqual(['version']); // 808, 313
    expect(apart('Dk Smart Steps 3rd Grade', 'Smart Steps 4th Grade ( Jc )')).toEqual(['grade']); // 709, 1548
    expect(apart('Microsoft Powerpoint 2004 Upgrade ( Mac )', 'Microsoft Windows Vista Home Basic Upgrade ( PC )')).toEqual(['platform']); // 371, 1514
    expect(apart('Instant Immersion German Deluxe 2.0', 'Instant Immersion Japanese 2.0')).toEqual(['language']); // 554, 3009
    expect(apart('Mcafee Internet Security Suite 2007 3 Users', 'Symantec 10725608 Norton Internet Security 2007 Internet Security 1 User ( S ) PC')).toEqual(['licence']); // 346, 2489
  });
  it('finds none where a value is shared, where one side states none, or for figures that measure something', () => {
    expect(apart('Marine Aquarium 2.0 ( Mac )', 'Marine Aquarium 2.0 ( PC & Mac )')).toEqual([]);
    expect(apart('Rainbow Fish and the Whale ( Win/Mac )', 'Rainbow Fish and the Whale ( Mac )')).toEqual([]);
    expect(apart('Computrace Lojack for Laptops 1 Year License', 'Computrace Lojack for Laptops 1 Yr Subscription')).toEqual([]);
    expect(apart('Apple Remote Desktop 3 10 Managed Systems', 'Apple Remote Desktop 3 Unlimited Managed Systems')).toEqual(['licence']);
    expect(apart('Instant Immersion Spanish 2.0', 'Instant Immersion Spanish Deluxe')).toEqual([]);
    expect(apart('Denon 7.1 Channel Home Theater Receiver', 'Denon 5.1 Channel Home Theater Receiver')).toEqual([]);
    expect(apart('Lenovo 15.6 inch Laptop', 'Lenovo 14.0 inch Laptop')).toEqual([]);
  });
  it('reads no version in a price pasted at the end of a title that states no price of its own', () => {
    // A feed that runs its fields together: "38.92" is the price, not version 38.
    const pasted = clusterEvidence(prepareOffer({ title: 'kingston 2gb ddr2 667mhz notebook memory kingston 38.92' }), [prepareOffer({ title: 'Kingston 2GB DDR2 667MHz Notebook Memory v2.0' })]);
    expect(pasted.variantConflicts).toEqual([]);
  });
  it('tells devices of two kinds apart, by the kind named or a line only ever of one kind', () => {
    expect(apart('Apple iPad Air 13-inch M2 256GB Wi-Fi - Space Gray', 'Apple MacBook Air 13-inch M2 8GB RAM 256GB SSD Laptop - Space Gray')).toEqual(['device']);
    expect(apart('Apple iPad Air 13-inch M2 256GB Wi-Fi', 'MacBook Air 13-inch M2 8GB RAM 256GB SSD - Space Gray')).toEqual(['device']);
    expect(apart('Apple iPhone 16 Pro 256GB', 'Apple iPad Pro 11-inch M4 256GB')).toEqual(['device']);
    expect(apart('Apple iPad Air 13-inch M2 256GB', 'Apple iPad Air 13-inch M2 Tablet, 256GB')).toEqual([]);
    // A 2-in-1 is both; an accessory made for a device is none; a listing naming no kind says nothing.
    expect(apart('Microsoft Surface Pro 11th Edition 2-in-1 Laptop 16GB RAM', 'Microsoft Surface Pro 11th Edition Tablet 16GB RAM')).toEqual([]);
    expect(apart('Speck Case for iPad Air 13-inch', 'Speck Case for MacBook Air 13-inch')).toEqual([]);
    expect(apart('Apple Air 13-inch M2 256GB', 'Apple MacBook Air 13-inch M2 256GB')).toEqual([]);
  });
  it('tells the item alone from a bundle of it, where one listing says it is alone', () => {
    expect(apart('Nintendo - Switch 2 Mario Kart World Bundle Console', 'NINTENDO Switch 2 Console Standalone')).toEqual(['set']);
    expect(apart('Nintendo Switch 2 Stand-alone Console', 'Nintendo Switch 2 Console, Mario Kart World Bundle')).toEqual(['set']);
    // A bundle against a listing that says nothing of one is for the price groups to tell.
    expect(apart('Nintendo Switch 2 Mario Kart World Bundle Console', 'Nintendo Switch 2 Console')).toEqual([]);
  });
  it('reads a standard set against a combo as the item alone against a bundle, and two combos as bundles', () => {
    expect(apart('DJI Osmo Pocket 3 Standard Vlogging Camera', 'DJI - Osmo Pocket 3 Creator Combo Vlogging Camera')).toEqual(['set']);
    expect(apart('DJI Osmo Pocket 3 Creator Combo Vlogging Camera Bundle', 'DJI Osmo Pocket 3 Vlogging Camera, Creator Combo')).toEqual([]);
    expect(apart('DJI Osmo Action 5 Pro Standard Combo', 'DJI Osmo Action 5 Pro Adventure Combo')).toEqual([]);
  });
});

// Walmart-Amazon listings (tables A and B), labelled matches.
describe('clusterEvidence on model fields and glued model numbers', () => {
  it('reads a model field of words as no part number: it keeps no listing of the item out', () => {
    expect(modelFieldIsWords('5590 Digital Flatbed Scanne')).toBe(true);
    expect(modelFieldIsWords('Video Spectra 1.5')).toBe(true);
    expect(modelFieldIsWords('HP SJ5590')).toBe(false);
    expect(modelFieldIsWords('P-FDU4GBSV-EF / Pnk')).toBe(false);
    expect(modelFieldIsWords('Albriefcase')).toBe(false);
    expect(modelFieldIsWords('elph 100 hs - bl')).toBe(true);
    expect(modelFieldIsWords('hd 280 pro')).toBe(true);
    expect(modelFieldIsWords('WH 1000XM5 B')).toBe(false);
    expect(modelFieldIsWords('SL-C1000 BK')).toBe(false);
    expect(modelFieldIsWords('920 015714')).toBe(false);
    const amazon = prepareOffer({ title: 'Da-Lite Deluxe Model B Manual Wall Ceiling Projection Screen 50 x 67 Video Format Video Spectra 1.5 Surface', brand: 'Da-Lite', model: 'Video Spectra 1.5' });
    const walmart = prepareOffer({ title: 'Da-Lite Video Spectra 1.5 Deluxe Model B Manual Screen - 50 x 67 Video Format', brand: 'Da-Lite', model: '73639' });
    expect(clusterEvidence(amazon, [walmart]).identifierConflict).toBe(false);
    // A part number still conflicts with another.
    const other = prepareOffer({ title: 'Da-Lite Deluxe Model B Manual Screen', brand: 'Da-Lite', model: '73640' });
    expect(clusterEvidence(walmart, [other]).identifierConflict).toBe(true);
    // A name's words apart, with its colour's code, are no part number either.
    const camera = prepareOffer({ title: 'Canon PowerShot Elph 100 Hs Blue 12.1 Mp Digital Camera with 4x Optical Zoom', brand: 'Canon', model: '4925b001aa' });
    const listed = prepareOffer({ title: 'Canon PowerShot Elph 100 Hs 12 Mp Cmos Digital Camera with 4x Optical Zoom Blue', brand: 'Canon', model: 'elph 100 hs - bl' });
    const evidence = clusterEvidence(listed, [camera]);
    expect([evidence.identifierConflict, evidence.modelConflict, evidence.colourConflict]).toEqual([false, false, false]);
  });

  it('reads a part number one listing states in its words and the other in its model field as one identifier', () => {
    const walmart = prepareOffer({ title: 'Logitech N315 Lapdesk', brand: 'Logitech', model: 'N315' });
    const amazon = prepareOffer({ title: 'Logitech Portable Lapdesk N315', brand: 'Logitech', model: '939-000181' });
    expect(clusterEvidence(amazon, [walmart]).identifierConflict).toBe(false);
    expect(clusterEvidence(walmart, [amazon]).identifierConflict).toBe(false);
    // Another lapdesk's part number, stated nowhere in the item's words, still conflicts.
    const other = prepareOffer({ title: 'Logitech Portable Lapdesk N600', brand: 'Logitech', model: '939-000198' });
    expect(clusterEvidence(walmart, [other]).identifierConflict).toBe(true);
  });

  it('takes a model number with a word glued on in front for that model', () => {
    const amazon = prepareOffer({ title: 'Creative D100 Wireless Bluetooth Speakers - Green 51MF8090AA004', brand: 'Creative Labs', model: '51MF8090AA004' });
    const walmart = prepareOffer({ title: 'Creative Labs D100 Speakers Green', brand: 'Creative Labs', model: 'MF8090AA004' });
    expect(clusterEvidence(amazon, [walmart]).modelMismatch).toBe(false);
    expect(clusterEvidence(walmart, [amazon]).modelMismatch).toBe(false);
    const other = prepareOffer({ title: 'Creative D100 Wireless Bluetooth Speakers - Blue 51MF8091AA004', brand: 'Creative Labs', model: '51MF8091AA004' });
    expect(clusterEvidence(other, [walmart]).modelMismatch).toBe(true);
  });

  it('takes one model with its colour’s code written two ways for that model, not another colour’s', () => {
    const abt = prepareOffer({ title: 'Sony Black Active Speaker System SRSA212BK' });
    const buy = prepareOffer({ title: 'Computer Speakers SRSA212/BLK' });
    expect(clusterEvidence(abt, [buy]).modelMismatch).toBe(false);
    expect(clusterEvidence(buy, [abt]).modelMismatch).toBe(false);
    // The maker's series letters glued on in front by one listing; "BL" is Yamaha's black.
    expect(clusterEvidence(prepareOffer({ title: 'Sony Black Earbud Style Headphones MDREX55BK' }), [prepareOffer({ title: 'Ex Series Earbuds Black Mdr EX55/BLK' })]).modelMismatch).toBe(false);
    expect(clusterEvidence(prepareOffer({ title: 'Yamaha 7.2 Channel Digital Home Theater Receiver RXV863BK' }), [prepareOffer({ title: 'Yamaha RX-V863 Home Theater Receiver RXV863BL' })]).modelMismatch).toBe(false);
    // In model fields too: one part number.
    const field = (model: string) => prepareOffer({ title: 'Sony Active Speaker System', brand: 'Sony', model });
    expect(clusterEvidence(field('SRS-A212/BLK'), [field('SRSA212BK')]).identifierConflict).toBe(false);
    // A pink one is not the white one, nor another model the same colour.
    expect(clusterEvidence(prepareOffer({ title: 'Sony Portable DVD Player DVPFX820P' }), [prepareOffer({ title: 'Sony Portable DVD Player DVPFX820W' })]).modelMismatch).toBe(true);
    expect(clusterEvidence(field('SRS-A212/PNK'), [field('SRSA212BK')]).identifierConflict).toBe(true);
    expect(clusterEvidence(prepareOffer({ title: 'Yamaha Home Theater Receiver RXV663BK' }), [prepareOffer({ title: 'Yamaha Home Theater Receiver RXV863BL' })]).modelMismatch).toBe(true);
  });
});
