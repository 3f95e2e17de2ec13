import { nearestInLineFirst, phraseFirst, sameLineFirst, sharesSomething, theKindTyped, theModelTypedFirst } from './similar';

const jacket = { title: "Patagonia Men's Nano Puff Jacket", brand: 'Patagonia' };

describe('the similar products of a pasted page', () => {
  it('are products that share a word of the item’s name or its maker', () => {
    expect(sharesSomething(jacket, { title: 'Arc’teryx Atom Hoody Insulated Jacket', brand: 'Arcteryx' })).toBe(true);
    expect(sharesSomething(jacket, { title: 'Better Sweater Fleece Vest', brand: 'PATAGONIA' })).toBe(true);
    expect(sharesSomething({ title: 'Sony WH-1000XM4 Noise Cancelling Headphones', brand: 'Sony' }, { title: 'Bose QuietComfort 45 Wireless Headphones', brand: 'Bose' })).toBe(true);
    expect(sharesSomething({ title: 'Canon PowerShot SD1100 IS', brand: 'Canon' }, { title: 'Dicapac Underwater Housing Case for SD1100', brand: 'Dicapac' })).toBe(true);
    // A model code however the name writes it.
    expect(sharesSomething({ title: 'pt18', brand: null }, { title: 'Brother P-Touch PT-18R Rechargeable Labeling System', brand: 'Brother' })).toBe(true);
    expect(sharesSomething({ title: 'galaxy watch 7', brand: null }, { title: 'JBL Flip 7 Portable Waterproof Bluetooth Speaker (Black)', brand: 'JBL' })).toBe(false);
    // Typed words naming the maker, however short its name: LG's TVs for "lg c2", not a page's title that names it.
    const c4 = { title: 'LG OLED evo C4 OLED55C4PUA 4K Smart TV (55")', brand: 'LG' };
    expect(sharesSomething({ title: 'lg c2', brand: null }, c4)).toBe(true);
    expect(sharesSomething({ title: 'lg c2', brand: null }, { ...c4, brand: 'Samsung' })).toBe(false);
    expect(sharesSomething({ title: 'LG CordZero A9 Vacuum', brand: null }, { title: 'LG 27GR95QE Monitor', brand: 'LG' }, true)).toBe(false);
    // A kind of two letters, when the product's category names it.
    expect(sharesSomething({ title: 'roku tv', brand: null }, { title: 'TCL Q6 55Q651F QLED 4K Google TV (55")', brand: 'TCL', category: 'TVs' })).toBe(true);
    expect(sharesSomething({ title: 'roku tv', brand: null }, { title: 'Amazon Fire TV Stick 4K', brand: 'Amazon', category: 'Streaming Media Players' })).toBe(false);
  });

  it('leave out a product with nothing of the item: no word of three letters or with a digit, nor its maker', () => {
    expect(sharesSomething(jacket, { title: 'Nintendo Switch Lite Console (Turquoise)', brand: 'Nintendo' })).toBe(false);
    // A possessive's "s" and other short words say nothing of what an item is.
    expect(sharesSomething(jacket, { title: 'Sony WH-1000XM5 Headphones, S', brand: 'Sony' })).toBe(false);
    // A lone figure neither: a drill's 1/2" chuck and a laptop's "2-in-1".
    const drill = { title: 'Furadeira Makita de Impacto 1/2" 1010W 220V | HP2070-220V', brand: null };
    expect(sharesSomething(drill, { title: 'Microsoft Surface Pro 11th Edition RAM SSD 2-in-1 Laptop (16GB, 256GB, Platinum)', brand: 'Microsoft' })).toBe(false);
    expect(sharesSomething(drill, { title: 'Bosch GSB 13 RE Impact Drill 220V', brand: 'Bosch' })).toBe(true);
  });

  it('leave out a product that shares only a figure or a size with words that say more', () => {
    expect(sharesSomething({ title: 'pixel 11', brand: null }, { title: 'Apple iPad Air M2 Wi-Fi (11", 128GB, Space Gray)', brand: 'Apple' })).toBe(false);
    const kindle = { title: 'Amazon Kindle Paperwhite (12th Generation) E-Reader (16GB, Black)', brand: 'Amazon' };
    expect(sharesSomething({ title: 'macbook air m3 16gb', brand: null }, kindle)).toBe(false);
    expect(sharesSomething({ title: 'macbook air m3 16gb', brand: null }, { title: 'Apple MacBook Pro M3 (14", 16GB RAM, 1TB SSD)', brand: 'Apple' })).toBe(true);
    // Words that are nothing but figures and sizes, and a model's number of four digits, still count.
    expect(sharesSomething({ title: '16gb', brand: null }, kindle)).toBe(true);
    expect(sharesSomething({ title: 'geforce 4090', brand: null }, { title: 'MSI RTX 4090 Gaming X Trio', brand: 'MSI' })).toBe(true);
  });

  it('leave out a product that shares only a colour’s name with the item', () => {
    const shoe = { title: 'Space Hippie 01 Black', brand: 'Nike' };
    expect(sharesSomething(shoe, { title: 'Apple HomePod mini Smart Speaker (Space Gray)', brand: 'Apple' })).toBe(false);
    expect(sharesSomething(shoe, { title: 'Sony WH-1000XM5 Headphones Black', brand: 'Sony' })).toBe(false);
    expect(sharesSomething(shoe, { title: 'Space Hippie 04 White', brand: null })).toBe(true);
    // In any language a shop writes it: "Violet", "Noir".
    const phone = { title: 'Galaxy Z Flip6 256GB Violet', brand: 'Samsung' };
    expect(sharesSomething(phone, { title: 'Robe midi plissée Violet', brand: null })).toBe(false);
    expect(sharesSomething({ title: 'Space Hippie 01 Noir', brand: 'Nike' }, { title: 'Sony WH-1000XM5 Headphones Black', brand: 'Sony' })).toBe(false);
  });

  it('share more than one chance word of a page’s long title: two words, or the one the product’s category names', () => {
    const washer = { title: 'KÄRCHER Hochdruckreiniger »K 3 Full Control«', brand: 'KÄRCHER' };
    const monitor = { title: 'Acer SB242Y Ebi Full HD Monitor (24")', brand: 'Acer', category: 'Monitors' };
    expect(sharesSomething(washer, monitor, true)).toBe(false);
    // Typed words are few, and each of them counts.
    expect(sharesSomething({ title: 'full hd', brand: null }, monitor)).toBe(true);
    // The kind word, in the category's number: a jacket of "Jackets", headphones of "Electronics > Headphones".
    expect(sharesSomething(jacket, { title: 'Arc’teryx Atom Hoody Insulated Jacket', brand: 'Arcteryx', category: 'Outdoor > Jackets' }, true)).toBe(true);
    const sony = { title: 'Sony WH-1000XM4 Noise Cancelling Headphones', brand: 'Sony' };
    expect(sharesSomething(sony, { title: 'Beats Studio Pro Headphones', brand: 'Beats', category: 'Electronics > Headphones' }, true)).toBe(true);
    expect(sharesSomething(sony, { title: 'Beats Studio Pro Headphones', brand: 'Beats', category: 'Accessories' }, true)).toBe(false);
    // Two shared words, or a product of no category, are enough.
    expect(sharesSomething(sony, { title: 'Bose QuietComfort Noise Cancelling Earbuds', brand: 'Bose', category: 'Earbuds' }, true)).toBe(true);
    expect(sharesSomething(washer, { title: 'Acer SB242Y Ebi Full HD Monitor (24")', brand: 'Acer' }, true)).toBe(true);
    // The maker and a model code count as before.
    expect(sharesSomething(washer, { title: 'Kärcher K 5 Power Control', brand: 'Kärcher', category: 'Garden' }, true)).toBe(true);
    expect(sharesSomething({ title: 'Canon PowerShot SD1100 IS', brand: 'Canon' }, { title: 'Dicapac Underwater Housing Case for SD1100', brand: 'Dicapac', category: 'Cases' }, true)).toBe(true);
  });

  it('are every candidate when the link named no item', () => {
    expect(sharesSomething(null, { title: 'Nintendo Switch Lite Console', brand: 'Nintendo' })).toBe(true);
  });
});

describe('sameLineFirst', () => {
  const products = [
    { id: 1, title: 'Samsung Galaxy Watch7 44mm Smartwatch (Silver)' },
    { id: 2, title: 'Samsung Galaxy Buds3 Pro Wireless Earbuds' },
    { id: 3, title: 'Samsung Galaxy S24 SM-S921U Unlocked Smartphone (128GB, Marble Grey)' },
    { id: 4, title: 'Samsung Galaxy A35 5G SM-A356U Unlocked Smartphone (128GB, Awesome Navy)' },
    { id: 5, title: 'Samsung Galaxy S25 Ultra SM-S938U Unlocked Smartphone (256GB, Titanium Silverblue)' },
  ];

  it('puts the products of the line typed with another number first, in their order', () => {
    expect(sameLineFirst('galaxy s23', products)).toEqual([3, 5, 1, 2, 4]);
    expect(sameLineFirst('iphone 14', [{ id: 7, title: 'Lodge 12" Cast Iron Skillet' }, { id: 8, title: 'Apple iPhone 15 (128GB, Black)' }])).toEqual([8, 7]);
  });

  it('leaves the order as it is when the words number no line', () => {
    expect(sameLineFirst('galaxy phone', products)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('phraseFirst', () => {
  const ipads = [{ title: 'Apple iPad mini A17 Pro Wi-Fi (128GB)' }, { title: 'Apple iPad Pro M4 Wi-Fi (13", 512GB)' }, { title: 'Apple iPad Air M2 (11")' }];

  it('puts the products whose names hold the words in a row first, in their order', () => {
    expect(phraseFirst(['ipad', 'pro'], ipads)).toEqual([ipads[1], ipads[0], ipads[2]]);
    expect(phraseFirst(['iPad', 'Pro'], ipads)[0]).toBe(ipads[1]);
  });

  it('keeps the order for one word, or words no name holds in a row', () => {
    expect(phraseFirst(['ipad'], ipads)).toEqual(ipads);
    expect(phraseFirst(['pro', 'ipad'], ipads)).toEqual(ipads);
  });
});

describe('theModelTypedFirst', () => {
  const titles = (typed: string, names: string[]) => theModelTypedFirst(typed, names.map((title) => ({ title }))).map((product) => product.title);
  const watches = ['Apple Watch SE GPS 44mm Aluminum Case (Silver)', 'Samsung Galaxy Watch7 40mm Smartwatch (Green)', 'Samsung Galaxy Watch Ultra 47mm (Titanium Gray)'];
  const laptops = ['Apple MacBook Pro M4 Laptop (14", 16GB RAM, 512GB SSD)', 'Apple MacBook Air M2 Laptop (13", 8GB RAM)', 'Apple MacBook Air M3 Laptop (15", 8GB RAM, 256GB SSD)'];

  it('puts the model typed with a size first, in another size, however its name joins the words', () => {
    expect(titles('galaxy watch 7 44mm', watches)).toEqual([watches[1], watches[0], watches[2]]);
    expect(titles('macbook air m3 16gb 512gb', laptops)).toEqual([laptops[2], laptops[0], laptops[1]]);
  });

  it('keeps the order when no size is typed, or nothing else', () => {
    expect(titles('galaxy watch 7', watches)).toEqual(watches);
    expect(titles('16gb 512gb', laptops)).toEqual(laptops);
  });
});


describe('nearestInLineFirst', () => {
  const titles = (typed: string, names: string[]) => nearestInLineFirst(typed, names.map((title) => ({ title }))).map((product) => product.title);
  const phones = ['Google Pixel 8a (128GB, Aloe)', 'Apple iPhone 16e (128GB)', 'Google Pixel 9 (128GB, Obsidian)', 'Apple iPhone 15 (128GB)', 'Apple iPhone 16 (256GB)', 'Samsung Galaxy S24+ (256GB)', 'Samsung Galaxy S25 (256GB)'];

  it('puts the line’s model nearest the number typed first, an edition of it after the model itself', () => {
    expect(titles('pixel 11', phones)).toEqual([phones[2], phones[0], ...phones.filter((title) => !title.includes('Pixel'))]);
    expect(titles('apple iphone 17', phones).slice(0, 3)).toEqual([phones[4], phones[1], phones[3]]);
    expect(titles('galaxy s30', phones).slice(0, 2)).toEqual([phones[6], phones[5]]);
  });

  it('reads as the line’s only products whose names hold every other word of letters typed', () => {
    const pods = ['Belkin BoostCharge Pro 3-in-1 Wireless Charging Pad', 'Apple AirPods 4 Wireless Earbuds', 'Apple AirPods Pro 2 Wireless Earbuds'];
    expect(titles('airpods pro 3', pods)).toEqual([pods[2], pods[0], pods[1]]);
  });

  it('reads a number glued to the line’s word in the name ("HERO13")', () => {
    const cameras = ['GoPro HERO11 Action Camera', 'Acer Swift Go 14 Laptop', 'GoPro HERO13 Action Camera'];
    expect(titles('gopro hero 14', cameras)).toEqual([cameras[2], cameras[0], cameras[1]]);
  });

  it('reads a kind typed after the model as a thing for it, and an edition’s word after the number as an edition', () => {
    const iphones = ['Apple iPhone 16 (128GB)', 'Apple iPhone 15 Plus (128GB)', 'Apple iPhone 15 (128GB)', 'Apple iPhone 15 Pro Max (256GB)'];
    expect(titles('iphone 15 case', iphones)).toEqual([iphones[2], iphones[1], iphones[3], iphones[0]]);
    // An edition typed is the model sought.
    expect(titles('iphone 15 plus case', iphones)[0]).toBe(iphones[1]);
    // An edition's word typed last is no kind: "iphone 15 pro" seeks a Pro.
    expect(titles('iphone 15 pro', iphones)[0]).toBe(iphones[3]);
  });

  it('puts the line’s products that lack an edition typed after those that hold it, before other lines’ editions', () => {
    const minis = ['Apple HomePod mini Smart Speaker', 'Apple iPad mini A17 Pro Wi-Fi (128GB)', 'Apple iPhone 16e (128GB)', 'Apple iPhone 15 (128GB)', 'Apple iPhone 12 mini (64GB)'];
    expect(titles('iphone 13 mini', minis)).toEqual([minis[4], minis[3], minis[2], minis[0], minis[1]]);
    expect(titles('iphone 13 mini', minis.slice(0, 4))).toEqual([minis[3], minis[2], minis[0], minis[1]]);
  });

  it('keeps the order when the words type no line’s number', () => {
    expect(titles('pixel', phones)).toEqual(phones);
    expect(titles('11', phones)).toEqual(phones);
    expect(titles('ps 4', phones)).toEqual(phones);
  });
});

describe('theKindTyped', () => {
  const titles = (typed: string, names: string[]) => theKindTyped(typed, names.map((title) => ({ title }))).map((product) => product.title);
  const shown = ['Samsung Neo QLED 4K Smart TV with Soundbar', 'Bose Smart Soundbar', 'Samsung Galaxy Watch7', 'Sonos Beam Smart Soundbars'];

  it('puts the products whose names say they are the kind typed first, not those that come with it', () => {
    expect(titles('samsung soundbar', shown)).toEqual(['Bose Smart Soundbar', 'Sonos Beam Smart Soundbars', 'Samsung Neo QLED 4K Smart TV with Soundbar', 'Samsung Galaxy Watch7']);
    expect(titles('samsung soundbars', shown)).toEqual(titles('samsung soundbar', shown));
    // A compound that ends with the kind is of it.
    expect(titles('huawei phone', ['Apple iPad', 'Google Pixel 9 Smartphone'])).toEqual(['Google Pixel 9 Smartphone', 'Apple iPad']);
  });

  it('leaves out the products of another kind that share only an everyday word typed, by their name’s last word and category', () => {
    const kinds = (typed: string, products: Array<{ title: string; brand?: string; category?: string }>) => theKindTyped(typed, products).map((product) => product.title);
    const vacuum = { title: 'Shark Vertex Pro IZ682H Cordless Stick Vacuum (Blue Sapphire)', brand: 'Shark', category: 'Vacuums' };
    expect(kinds('roku streaming stick', [vacuum])).toEqual([]);
    const laptop = { title: 'Lenovo Yoga 7i 2-in-1 Laptop (16GB RAM, 1TB SSD, Storm Grey)', brand: 'Lenovo', category: 'Laptops' };
    expect(kinds('yoga mat', [laptop])).toEqual([]);
    // A tablet whose name ends otherwise, by its category; a maker typed, or a name no everyday word, is shared.
    const ipad = { title: 'Apple iPad Air M2 Wi-Fi (11", 128GB, Space Gray)', brand: 'Apple', category: 'Tablets' };
    expect(kinds('sony tablets', [ipad, laptop])).toEqual([ipad.title]);
    expect(kinds('lenovo tablet', [laptop])).toEqual([laptop.title]);
    expect(kinds('roku stick', [{ title: 'Roku Ultra Streaming Player', brand: 'Roku', category: 'Streaming' }])).toEqual(['Roku Ultra Streaming Player']);
    // A thing for something shares any word of it; a last word no everyday one is no kind known.
    const nintendo = { title: 'Nintendo Switch OLED Model Console (White)', brand: 'Nintendo', category: 'Video Game Consoles' };
    expect(kinds('switch case', [nintendo])).toEqual([nintendo.title]);
    expect(kinds('switch mat', [nintendo])).toEqual([]);
    expect(kinds('streaming usb', [vacuum])).toEqual([vacuum.title]);
    // Nor are the words one word, or hold a figure: the ranking's own.
    expect(kinds('galaxy watch 9', [vacuum])).toEqual([vacuum.title]);
  });

  it('keeps the ranking for words that hold a figure, or are one word', () => {
    expect(titles('galaxy watch 9', ['Apple Watch Series 9', 'Samsung Galaxy Watch7'])).toEqual(['Apple Watch Series 9', 'Samsung Galaxy Watch7']);
    expect(titles('soundbar', shown)).toEqual(shown);
  });
});
