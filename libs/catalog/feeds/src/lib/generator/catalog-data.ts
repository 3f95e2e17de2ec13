/**
 * The vocabulary of the synthetic catalog: brands, product lines with model numbers in each brand's
 * style, categories with their attributes and price ranges. Model templates: `{d}` a digit, `{D}` a
 * digit 1–9, `{A}` a letter, `{x|y|z}` one of the words, `{size}` the product's size attribute.
 * A ` #` splits a template into a display name (drawn at random) and the model code after it (the
 * MPN, enumerated so that no two products of a line share it); without `#` the whole template is the
 * enumerated code. Apple-style lines enumerate their names and take part numbers as MPNs.
 */

export type CategoryId =
  | 'headphones'
  | 'tvs'
  | 'laptops'
  | 'cameras'
  | 'phones'
  | 'tablets'
  | 'monitors'
  | 'speakers'
  | 'kitchen'
  | 'gaming'
  | 'smartwatches'
  | 'vacuums'
  | 'storage'
  | 'accessories'
  | 'printers';

export interface CategorySpec {
  label: string;
  /** Retailer-neutral taxonomy path. */
  path: string;
  colours: readonly string[];
  /** Sizes (inches or mm) with a price factor each. */
  sizes?: ReadonlyArray<readonly [number, number]>;
  sizeUnit?: 'inch' | 'mm';
  /** Capacities or configurations with a price factor each. */
  capacities?: ReadonlyArray<readonly [string, number]>;
  /** Words shops add to titles. */
  marketing: readonly string[];
  bundles: readonly string[];
}

export const CATEGORIES: Readonly<Record<CategoryId, CategorySpec>> = {
  headphones: {
    label: 'Headphones',
    path: 'Electronics > Audio > Headphones',
    colours: ['Black', 'Silver', 'Midnight Blue', 'White', 'Smoky Pink'],
    marketing: ['Industry Leading Noise Canceling', 'Up to 30-Hour Battery Life', 'Hi-Res Audio', 'with Mic for Phone Calls', 'Alexa Built-in'],
    bundles: ['with Carrying Case', 'with Hard Case', 'with 3.5mm Cable'],
  },
  tvs: {
    label: 'TVs',
    path: 'Electronics > TVs',
    colours: ['Black', 'Titan Black', 'Silver'],
    sizes: [[43, 0.55], [50, 0.7], [55, 0.85], [65, 1.15], [75, 1.6], [85, 2.3]],
    sizeUnit: 'inch',
    marketing: ['4K Ultra HD', 'Smart TV', 'HDR10+', 'Dolby Vision & Atmos', '120Hz', 'Alexa Built-in', '2024 Model'],
    bundles: ['with Soundbar', 'with Wall Mount Kit', 'with 2-Year Protection Plan'],
  },
  laptops: {
    label: 'Laptops',
    path: 'Computers > Laptops',
    colours: ['Platinum Silver', 'Graphite', 'Black', 'Sky Blue', 'Natural Silver'],
    capacities: [['8GB RAM 256GB SSD', 0.8], ['16GB RAM 512GB SSD', 1], ['16GB RAM 1TB SSD', 1.2], ['32GB RAM 1TB SSD', 1.5]],
    marketing: ['Thin and Light', 'FHD+ Touchscreen', 'Backlit Keyboard', 'Windows 11 Home', 'Wi-Fi 6E', 'Long Battery Life'],
    bundles: ['with Microsoft 365', 'with Laptop Sleeve', 'with Wireless Mouse'],
  },
  cameras: {
    label: 'Cameras',
    path: 'Electronics > Cameras > Digital Cameras',
    colours: ['Black', 'Silver'],
    capacities: [['Body Only', 1], ['with 18-55mm Lens', 1.15], ['with 24-105mm Lens', 1.45]],
    marketing: ['Full-Frame Mirrorless', '4K Video', 'Image Stabilization', 'Wi-Fi & Bluetooth', '24.2MP'],
    bundles: ['with 64GB SD Card', 'with Camera Bag', 'with Extra Battery'],
  },
  phones: {
    label: 'Phones',
    path: 'Electronics > Cell Phones > Smartphones',
    colours: ['Black', 'Titanium Gray', 'Cobalt Violet', 'Amber Yellow', 'Marble Gray', 'Mint'],
    capacities: [['128GB', 1], ['256GB', 1.12], ['512GB', 1.35], ['1TB', 1.6]],
    marketing: ['Unlocked', 'AI Camera', 'Long Battery Life', '5G', 'US Version'],
    bundles: ['with Case', 'with 45W Charger', 'with Screen Protector'],
  },
  tablets: {
    label: 'Tablets',
    path: 'Electronics > Tablets',
    colours: ['Graphite', 'Silver', 'Beige', 'Blue', 'Space Gray'],
    capacities: [['64GB Wi-Fi', 0.8], ['128GB Wi-Fi', 1], ['256GB Wi-Fi', 1.2], ['256GB Wi-Fi + Cellular', 1.45]],
    marketing: ['Anti-Reflective Display', 'All-Day Battery', 'Pen Included', 'Kids Mode'],
    bundles: ['with Keyboard Cover', 'with Stylus', 'with Folio Case'],
  },
  monitors: {
    label: 'Monitors',
    path: 'Computers > Monitors',
    colours: ['Black', 'White', 'Silver'],
    sizes: [[24, 0.7], [27, 1], [32, 1.35], [34, 1.6]],
    sizeUnit: 'inch',
    marketing: ['QHD IPS', '4K UHD', '165Hz', 'USB-C 90W', 'HDR400', 'FreeSync Premium', 'Height Adjustable'],
    bundles: ['with HDMI Cable', 'with Monitor Arm'],
  },
  speakers: {
    label: 'Speakers',
    path: 'Electronics > Audio > Speakers',
    colours: ['Black', 'Blue', 'Red', 'Squad Camo', 'White', 'Teal'],
    marketing: ['Portable Waterproof', 'IP67', 'PartyBoost', '20 Hours of Playtime', 'Deep Bass'],
    bundles: ['with Carry Strap', '2-Pack', 'with Charging Cable'],
  },
  kitchen: {
    label: 'Kitchen',
    path: 'Home > Kitchen > Small Appliances',
    colours: ['Empire Red', 'Onyx Black', 'Contour Silver', 'Aqua Sky', 'White', 'Pistachio'],
    capacities: [['4.5 Quart', 0.85], ['5 Quart', 1], ['6 Quart', 1.25], ['7 Quart', 1.45]],
    marketing: ['Tilt-Head', '10 Speeds', 'Dishwasher-Safe Parts', 'Stainless Steel'],
    bundles: ['with Pouring Shield', 'with Pasta Attachment', 'with Extra Bowl'],
  },
  gaming: {
    label: 'Gaming',
    path: 'Video Games > Consoles & Accessories',
    colours: ['White', 'Midnight Black', 'Cosmic Red', 'Nova Pink', 'Volcanic Red', 'Starlight Blue'],
    marketing: ['Latest Model', 'Officially Licensed', 'Gift Ready', 'Family Fun'],
    bundles: ['Bundle', 'with Extra Controller', 'with Game Bundle'],
  },
  smartwatches: {
    label: 'Smartwatches',
    path: 'Electronics > Wearables > Smartwatches',
    colours: ['Midnight', 'Starlight', 'Silver', 'Black', 'Graphite'],
    sizes: [[41, 1], [45, 1.08]],
    sizeUnit: 'mm',
    marketing: ['GPS', 'Fitness Tracker', 'Heart Rate Monitor', 'Water Resistant', 'AMOLED Display'],
    bundles: ['with Extra Band', 'with Charger'],
  },
  vacuums: {
    label: 'Vacuums',
    path: 'Home > Vacuums & Floor Care',
    colours: ['Nickel/Yellow', 'Iron/Purple', 'Gray', 'Black'],
    marketing: ['Cordless Stick Vacuum', 'Laser Dust Detection', 'HEPA Filtration', '60 Minute Run Time'],
    bundles: ['with Wall Dock', 'with Extra Battery', 'with Pet Tool Kit'],
  },
  storage: {
    label: 'Storage',
    path: 'Computers > Storage',
    colours: ['Black'],
    capacities: [['500GB', 0.6], ['1TB', 1], ['2TB', 1.7], ['4TB', 3]],
    marketing: ['PCIe Gen 4 NVMe M.2', 'Up to 7,450MB/s', 'Internal SSD', 'Heatsink', 'for PS5'],
    bundles: ['with Heatsink', 'with Migration Software'],
  },
  accessories: {
    label: 'Accessories',
    path: 'Electronics > Accessories',
    colours: ['Graphite', 'Pale Gray', 'Black', 'White', 'Rose'],
    marketing: ['Wireless', 'Bluetooth', 'Ergonomic', 'Rechargeable', 'Quiet Clicks', 'Multi-Device'],
    bundles: ['with USB Receiver', 'Combo', 'with Mouse Pad'],
  },
  printers: {
    label: 'Printers',
    path: 'Computers > Printers',
    colours: ['White', 'Black', 'Gray'],
    marketing: ['All-in-One', 'Wireless', 'Mobile Printing', 'Auto Duplex', 'Instant Ink Ready'],
    bundles: ['with Extra Ink', 'with Paper Bundle'],
  },
};

export interface LineSpec {
  brand: string;
  category: CategoryId;
  /** Family name written before the model ("XPS 13", "Galaxy S24"); may be empty. */
  family: string;
  /** Model number template; the model is the MPN root. */
  model: string;
  /** What the thing is, in words. */
  noun: string;
  /** Price range in dollars before size/capacity factors. */
  price: readonly [number, number];
  /** Relative share of products. */
  weight: number;
  /** Sold on apple.com or direct.playstation.com as well as elsewhere. */
  exclusiveStore?: 'apple' | 'playstation';
  /** Apple-style part numbers (`MTJV3LL/A`) as MPN instead of the model. */
  partNumbers?: boolean;
  /** The line's own capacities or configurations, instead of its category's (`[['', 1]]` for none). */
  capacities?: ReadonlyArray<readonly [string, number]>;
  /** The line's own colours, instead of its category's (`['']` for a product sold in one look, named without one). */
  colours?: readonly string[];
  /** The line's own sizes, instead of its category's; `[]` where the model names the size ("Series 10 GPS 46mm"). */
  sizes?: ReadonlyArray<readonly [number, number]>;
  /** The part number in the brand's own style (`JBLFLIP6BLKAM`), instead of the model code and a colour code. */
  mpn?: (model: string, colour: string) => string;
}

/** For lines whose category's capacities do not apply to them: compact and action cameras take no lens, a purifier has no bowl. */
const NO_CAPACITY: ReadonlyArray<readonly [string, number]> = [['', 1]];
/** For lines whose model names its size. */
const SIZE_IN_MODEL: ReadonlyArray<readonly [number, number]> = [];
/** For products that come in one look: no colour in their names. */
const ONE_LOOK: readonly string[] = [''];

/** JBL's colour codes in its part numbers (`JBLFLIP6BLKAM`). */
const JBL_COLOURS: Readonly<Record<string, string>> = { Black: 'BLK', Blue: 'BLU', Red: 'RED', 'Squad Camo': 'SQUAD', White: 'WHT', Teal: 'TEAL' };
const jblPartNumber = (model: string, colour: string) =>
  `JBL${model.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}${JBL_COLOURS[colour] ?? colour.slice(0, 3).toUpperCase()}AM`;

const L = (brand: string, category: CategoryId, family: string, model: string, noun: string, price: readonly [number, number], weight = 1, extra: Partial<LineSpec> = {}): LineSpec => ({
  brand,
  category,
  family,
  model,
  noun,
  price,
  weight,
  ...extra,
});

/** Apple's lines: sold at its own store too, each offer with Apple's part number. */
const APPLE_STORE = { exclusiveStore: 'apple', partNumbers: true } as const;

export const LINES: readonly LineSpec[] = [
  // Sony
  L('Sony', 'headphones', '', 'WH-{1000XM|CH|XB|ULT}{D}{d}{d}{N|}', 'Wireless Noise Canceling Over-Ear Headphones', [58, 399], 2),
  L('Sony', 'headphones', '', 'WF-{1000XM|C|LS}{D}{d}{d}', 'Truly Wireless Noise Canceling Earbuds', [48, 299]),
  L('Sony', 'tvs', 'BRAVIA', 'K-{size}{XR|S}{D}{d}{A|B|L}', '4K HDR LED Google TV', [499, 1499], 1.5),
  L('Sony', 'cameras', 'Alpha', 'ILCE-{D}{M|R|C}{D}{d}', 'Mirrorless Interchangeable Lens Camera', [899, 2899]),
  L('Sony', 'speakers', '', 'SRS-{XB|XE|XG|ULT}{D}{d}{d}', 'Portable Bluetooth Speaker', [49, 349]),
  L('Sony', 'gaming', 'PlayStation 5', 'CFI-{D}{d}{d}{d}{A|B}', 'Console', [449, 699], 0.5, { exclusiveStore: 'playstation' }),
  L('Sony', 'gaming', 'DualSense', 'CFI-ZCT{D}{d}{d}', 'Wireless Controller', [69, 199], 0.6, { exclusiveStore: 'playstation' }),
  L('Sony', 'gaming', 'PULSE', 'CFI-ZWH{D}{d}{d}', 'Wireless Gaming Headset', [99, 199], 0.3, { exclusiveStore: 'playstation' }),
  // Samsung
  L('Samsung', 'tvs', 'QLED 4K', 'QN{size}Q{6|7|8|9}{d}{A|B|C|D}{A|F}', 'Smart TV', [449, 1899], 2),
  L('Samsung', 'tvs', 'Crystal UHD', 'UN{size}{TU|CU|DU}{D}{d}{d}{d}', '4K Smart TV', [279, 999], 1.5),
  L('Samsung', 'phones', 'Galaxy', 'SM-S{D}{d}{d}{U|B|W}', 'Smartphone', [699, 1299], 2),
  L('Samsung', 'tablets', 'Galaxy Tab', 'SM-X{D}{d}{d}{N|U}', 'Android Tablet', [219, 1099]),
  L('Samsung', 'monitors', 'Odyssey', 'LS{size}{AG|BG|CG}{D}{d}{d}{N|E}', 'Gaming Monitor', [199, 899]),
  L('Samsung', 'storage', '990 PRO', 'MZ-V{D}P{d}T{d}B', 'Internal SSD', [79, 329]),
  L('Samsung', 'smartwatches', 'Galaxy Watch', 'SM-R{D}{d}{d}{N|U}', 'Smartwatch', [199, 649], 1, { colours: ['Silver', 'Graphite', 'Green', 'Cream'] }),
  // Apple
  // Each generation in its own colours; the Pro models in their titanium finishes and up to 1TB, the others up to 512GB.
  L('Apple', 'phones', 'iPhone', '15', '', [699, 899], 0.4, {
    ...APPLE_STORE,
    colours: ['Black', 'Blue', 'Green', 'Yellow', 'Pink'],
    capacities: [['128GB', 1], ['256GB', 1.12], ['512GB', 1.35]],
  }),
  L('Apple', 'phones', 'iPhone', '16', '', [799, 999], 0.4, {
    ...APPLE_STORE,
    colours: ['Black', 'White', 'Pink', 'Teal', 'Ultramarine'],
    capacities: [['128GB', 1], ['256GB', 1.12], ['512GB', 1.35]],
  }),
  L('Apple', 'phones', 'iPhone', '15 Pro', '', [899, 1399], 0.25, {
    ...APPLE_STORE,
    colours: ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Blue Titanium'],
  }),
  L('Apple', 'phones', 'iPhone', '{16 Pro|16 Pro Max}', '', [999, 1599], 0.45, {
    ...APPLE_STORE,
    colours: ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium'],
  }),
  // Only the size and chip pairs Apple sells (no "MacBook Air M4 Max", no "iPad mini M4"), each in its own colours.
  L('Apple', 'laptops', 'MacBook', '{Air 13-inch M2|Air 13-inch M3|Air 15-inch M3}', 'Laptop', [899, 1499], 0.35, {
    ...APPLE_STORE,
    colours: ['Midnight', 'Starlight', 'Silver', 'Space Gray'],
  }),
  L('Apple', 'laptops', 'MacBook', '{Air 13-inch M4|Air 15-inch M4}', 'Laptop', [999, 1699], 0.3, {
    ...APPLE_STORE,
    colours: ['Midnight', 'Starlight', 'Silver', 'Sky Blue'],
  }),
  L('Apple', 'laptops', 'MacBook', '{Pro 14-inch M3|Pro 14-inch M4|Pro 14-inch M4 Pro|Pro 14-inch M4 Max|Pro 16-inch M4 Pro|Pro 16-inch M4 Max}', 'Laptop', [1599, 3499], 0.55, {
    ...APPLE_STORE,
    colours: ['Space Black', 'Silver'],
  }),
  L('Apple', 'tablets', 'iPad', '{Air 11-inch M2|Air 13-inch M2|Air 11-inch M3|Air 13-inch M3|Pro 11-inch M4|Pro 13-inch M4|mini A17 Pro|10.9-inch A14|11-inch A16}', '', [349, 1499], 1, {
    ...APPLE_STORE,
    colours: ['Space Gray', 'Starlight', 'Blue', 'Purple', 'Silver'],
    // Today's iPads start at 128GB.
    capacities: [['128GB Wi-Fi', 1], ['256GB Wi-Fi', 1.2], ['512GB Wi-Fi', 1.55], ['256GB Wi-Fi + Cellular', 1.45]],
  }),
  L('Apple', 'headphones', 'AirPods', '{Pro 2|4|4 with Active Noise Cancellation}', 'Wireless Earbuds', [129, 249], 0.6, { ...APPLE_STORE, colours: ONE_LOOK }),
  L('Apple', 'headphones', 'AirPods', 'Max', 'Wireless Over-Ear Headphones', [499, 549], 0.4, {
    ...APPLE_STORE,
    colours: ['Midnight', 'Starlight', 'Blue', 'Purple', 'Orange'],
  }),
  // Each series in the case sizes Apple makes it in (no "Ultra 2 41mm", no "Series 10 45mm").
  L(
    'Apple',
    'smartwatches',
    'Apple Watch',
    '{Series 9 GPS 41mm|Series 9 GPS 45mm|Series 9 GPS + Cellular 41mm|Series 9 GPS + Cellular 45mm|Series 10 GPS 42mm|Series 10 GPS 46mm|Series 10 GPS + Cellular 42mm|Series 10 GPS + Cellular 46mm|SE GPS 40mm|SE GPS 44mm|SE GPS + Cellular 40mm|SE GPS + Cellular 44mm|Ultra 2 GPS + Cellular 49mm}',
    '',
    [249, 799],
    1,
    { ...APPLE_STORE, sizes: SIZE_IN_MODEL, colours: ['Midnight', 'Starlight', 'Silver', 'Jet Black', 'Rose Gold'] },
  ),
  // LG
  L('LG', 'tvs', 'OLED evo', 'OLED{size}{B|C|G}{D}{P|A}{U|L}{A|B}', '4K Smart TV', [1099, 3299], 1.5),
  L('LG', 'tvs', 'UHD', '{size}UR{D}{d}{d}0{P|A}UJ', '4K Smart TV', [299, 899]),
  L('LG', 'monitors', 'UltraGear', '{size}G{N|P|Q|R}{D}{d}{d}-B', 'Gaming Monitor', [199, 999]),
  L('LG', 'laptops', 'gram', '{14|15|16|17}Z{9|90}{R|S}-{A|G|K}.AA{D}{C|G}U1', 'Ultra-Lightweight Laptop', [999, 1899]),
  // Bose
  L('Bose', 'headphones', 'QuietComfort', '{Ultra|45|SC|Earbuds II} #{8|7}{d}{d}{d}{d}{d}-0{1|2}00', 'Wireless Noise Cancelling Headphones', [179, 429], 1.5),
  L('Bose', 'speakers', 'SoundLink', '{Flex|Max|Revolve+ II|Micro} #8{d}{d}{d}{d}{d}-0{3|4|5}00', 'Portable Bluetooth Speaker', [99, 399]),
  // Dell
  L('Dell', 'laptops', 'XPS', '{13|14|16} #9{3|4|5|6}{d}{d}', 'Laptop', [999, 2799], 1.5),
  L('Dell', 'laptops', 'Inspiron', '{14|15|16} #{3|5|7}{5|6|7}{d}{d}', 'Laptop', [449, 1199], 1.5),
  L('Dell', 'monitors', 'UltraSharp', 'U{size}{2|3|4}{d}{Q|D|H}{E|W}', 'USB-C Hub Monitor', [279, 1199]),
  L('Dell', 'monitors', '', 'S{size}{2|3}{D}{D|H|G}{F|S|N}', 'Monitor', [129, 449]),
  // HP
  L('HP', 'laptops', 'Pavilion', '{14|15|16}-{eg|eh|af}{D}{d}{d}{d}', 'Laptop', [499, 1099], 1.2),
  L('HP', 'laptops', 'ENVY x360', '{14|15|16}-{fc|fe|ad}{D}{d}{d}{d}', '2-in-1 Laptop', [749, 1499]),
  L('HP', 'printers', 'OfficeJet Pro', '{8|9}{d}{d}{D}{e|}', 'Wireless All-in-One Printer', [149, 449]),
  L('HP', 'printers', 'LaserJet', 'M{D}{d}{d}{dw|fdw|nw}', 'Wireless Laser Printer', [179, 699]),
  // Lenovo
  L('Lenovo', 'laptops', 'ThinkPad', '{X1 Carbon Gen 12|X1 Carbon Gen 13|T14 Gen 5|T14 Gen 6|T16 Gen 3|E14 Gen 6|E16 Gen 2} #21{A|B|C|D|E|F|H}{A|B|C|D|E|F}{d}{d}{d}{d}US', 'Business Laptop', [899, 2599], 1.3),
  L('Lenovo', 'laptops', 'IdeaPad', 'Slim {3|5|7} #{14|15|16}{IRH|ABR|IRL|AHP}{D}', 'Laptop', [429, 999], 1.3),
  L('Lenovo', 'laptops', 'Legion', '{5|7|Pro 5|Pro 7} #{16|17}{IRX|ARX|ACH}{D}{d}', 'Gaming Laptop', [1199, 2799]),
  L('Lenovo', 'tablets', 'Tab', '{P|M}{D}{d} #TB{3|1}{d}{d}{FU|XU}', 'Android Tablet', [139, 499]),
  // Canon
  L('Canon', 'cameras', 'EOS', '{R1|R3|R5|R5 Mark II|R6|R6 Mark II|R7|R8|R10|R50|R100} #{D}{d}{d}{d}C{0|1}{d}{d}', 'Mirrorless Camera', [479, 3899], 1.5),
  L('Canon', 'cameras', 'PowerShot', '{G7 X Mark III|G7 X Mark II|G5 X Mark II|SX740 HS|SX70 HS} #{D}{d}{d}{d}C20{1|2}', 'Digital Camera', [299, 899], 1, { capacities: NO_CAPACITY }),
  L('Canon', 'printers', 'PIXMA', '{TR|TS|G}{D}{d}{d}{0|1|2}', 'Wireless All-in-One Printer', [79, 349]),
  // Nikon
  L('Nikon', 'cameras', 'Z', '{5|6 II|7 II|8|9|50|fc|f|30} #{D}{d}{d}{d}{d}', 'Mirrorless Camera', [599, 5499], 1.2),
  L('Nikon', 'cameras', 'COOLPIX', '{P|B|W}{D}{d}{d}{0|00} #26{d}{d}{d}{d}', 'Digital Camera', [229, 999], 1, { capacities: NO_CAPACITY }),
  // Logitech
  L('Logitech', 'accessories', 'MX', '{Master 3S|Master 2S|Anywhere 3S|Anywhere 3|Ergo S|Vertical} #910-00{D}{d}{d}{d}', 'Wireless Mouse', [69, 129], 0.7),
  L('Logitech', 'accessories', 'MX', '{Keys S|Keys Mini|Mechanical|Mechanical Mini} #920-01{D}{d}{d}{d}', 'Wireless Keyboard', [99, 179], 0.5),
  L('Logitech', 'accessories', 'G', '{PRO X SUPERLIGHT|PRO X SUPERLIGHT 2|502 HERO|502 X PLUS|305 LIGHTSPEED|703 LIGHTSPEED} #910-0{D}{d}{d}{d}{d}', 'Gaming Mouse', [39, 179], 1.2),
  L('Logitech', 'accessories', 'Brio', '{100|300|500|4K} #960-00{D}{d}{d}{d}', 'Webcam', [49, 199]),
  // Anker
  L('Anker', 'accessories', 'PowerCore', '{10000|20000|26800|737} #A1{2|3|6}{d}{d}{d}', 'Portable Charger', [25, 149], 1.2),
  L('Anker', 'headphones', 'Soundcore', '{Life Q30|Life Q35|Space Q45|Space One|Liberty 4 NC} #A3{0|9|1}{d}{d}{d}', 'Wireless Headphones', [39, 169]),
  // JBL
  // The part number spells the model and its colour, as JBL's do.
  L('JBL', 'speakers', '', '{Flip 6|Flip 7|Charge 5|Charge 6|Clip 5|Go 4|Xtreme 4|Boombox 3}', 'Portable Bluetooth Speaker', [39, 499], 2, { mpn: jblPartNumber }),
  L('JBL', 'headphones', 'Tune', '{7|5|2}{d}0{NC|BT|TWS}', 'Wireless Headphones', [39, 149]),
  // Philips
  L('Philips', 'kitchen', 'Airfryer', 'HD9{2|6|8}{d}{d}/9{D}', 'Air Fryer', [89, 299], 1, { colours: ['Black', 'White'] }),
  L('Philips', 'accessories', 'Sonicare', '{4100|5100|6100|9900 Prestige} #HX{3|6|9}{d}{d}{d}/{d}{D}', 'Rechargeable Electric Toothbrush', [39, 329]),
  // Dyson
  L('Dyson', 'vacuums', '', '{V8|V11|V12 Detect Slim|V15 Detect|Gen5detect} #{D}{d}{d}{d}{d}{d}-01', 'Cordless Vacuum', [349, 949], 1.2),
  L('Dyson', 'kitchen', 'Purifier', '{Cool TP07|Cool TP09|Hot+Cool HP07|Hot+Cool HP09|Humidify+Cool PH03|Humidify+Cool PH04} #{D}{d}{d}{d}{d}{d}-02', 'Air Purifier Fan', [399, 999], 1, {
    capacities: NO_CAPACITY,
    colours: ['White/Silver', 'Black/Nickel'],
  }),
  // KitchenAid
  L('KitchenAid', 'kitchen', 'Artisan', 'KSM{1|15|19|7}{D}{d}{PS|XS|AQ}{E|A}{R|B|S|W}', 'Tilt-Head Stand Mixer', [279, 649], 1.4),
  L('KitchenAid', 'kitchen', '', 'K{HB|FC|CG|EK}{D}{d}{d}{d}{E|}{R|B|S|W}', 'Small Kitchen Appliance', [39, 199]),
  // Nintendo
  L('Nintendo', 'gaming', 'Switch', '{OLED Model|Lite|Model} #HEG-S-{K|H}{A|B|C|D}{A|B|C|D}{A|B|C|D}{A|B|C|D}{A|B|C}', 'Console', [199, 359], 1),
  L('Nintendo', 'gaming', 'Switch Pro Controller', 'HAC-A-FS{K|S}{K|A}{A|B}{D}', '', [59, 79], 0.5),
  // Microsoft
  L('Microsoft', 'gaming', 'Xbox Series', '{X|S} #{RRT|RRS|XXU|ZDQ}-000{D}{d}', 'Console', [299, 599], 0.7),
  // The name says what it is: no noun after it ("Xbox Wireless Controller Controller").
  L('Microsoft', 'gaming', 'Xbox', 'Wireless Controller #QAU-00{D}{d}{d}', '', [49, 79], 0.5),
  L('Microsoft', 'laptops', 'Surface', '{Pro 9|Pro 10|Pro 11} #{QEZ|QIL|ZGM}-000{D}{d}', '2-in-1 Laptop', [899, 2199], 0.5),
  L('Microsoft', 'laptops', 'Surface', '{Laptop 5|Laptop 6|Laptop 7} #{ZJT|EP2|ZXX}-000{D}{d}', '', [899, 2199], 0.5),
  // Asus
  L('Asus', 'laptops', 'ROG Strix', 'G{16|18} #G{6|8}1{4|3}{J|L}{V|I|X}-{A|E|S}S{7|9}{D}', 'Gaming Laptop', [1299, 2999], 1.2),
  L('Asus', 'laptops', 'Zenbook', '{14|15|S 13} #{UX|UM}{3|5}{4|5}0{2|4|6}{ZA|VA|QA}-{A|P}S{5|7|9}{D}', 'OLED Laptop', [699, 1599]),
  L('Asus', 'monitors', 'TUF Gaming', 'VG{size}{9|8|7}{Q|A|B}{1A|M|L1A}', 'Gaming Monitor', [149, 549]),
  // Acer
  L('Acer', 'laptops', 'Aspire', '{3|5|7} #A{3|5|7}1{4|5|6}-{5|7}{D}-{R|5|7}{d}{d}{A|B|C|Z}', 'Laptop', [349, 899], 1.3),
  L('Acer', 'laptops', 'Nitro', '{5|V 15|16} #AN{5|16}1{5|6}-{4|5}{D}-{5|7}{d}{d}{A|Z}', 'Gaming Laptop', [699, 1499]),
  L('Acer', 'monitors', 'Predator', 'XB{size}{3|2}U {G|F|V}{S|X|Z}', 'Gaming Monitor', [249, 899]),
  // Garmin, SanDisk, WD, Razer, Ninja, GoPro, Beats, Google
  L('Garmin', 'smartwatches', 'Forerunner', '{165|255|265|965} #010-0{2|3}{D}{d}{d}-0{0|1|2}', 'GPS Running Smartwatch', [199, 649], 1, {
    colours: ['Black', 'Whitestone', 'Aqua', 'Tidal Blue'],
  }),
  L('SanDisk', 'storage', 'Extreme', '{Portable|PRO Portable} #SDSSDE{6|8}1-{D}{d}{d}{d}-G2{D}', 'External SSD', [79, 399]),
  L('Western Digital', 'storage', 'WD_BLACK', 'SN{7|8}{5|7}0 #WDS{D}{d}{d}{G|T}{1|2|3}X0E', 'NVMe Internal SSD', [69, 349]),
  L('Razer', 'accessories', '', '{DeathAdder V3|Viper V3|BlackWidow V4|Huntsman V3} #RZ0{1|3}-0{4|5}{D}{d}{d}{d}-R3U1', 'Gaming Peripheral', [69, 249]),
  L('Ninja', 'kitchen', '', '{AF|DZ|BN|NC}{1|2|3|5}{D}{d}{d}{A|WH|BK|}', 'Kitchen Appliance', [69, 299], 1, { colours: ['Black', 'Grey', 'Sage Green'] }),
  L('GoPro', 'cameras', 'HERO', '{11|12|13} Black #CHDHX-1{D}{d}{d}', 'Action Camera', [249, 449], 1, { capacities: NO_CAPACITY, colours: ONE_LOOK }),
  L('Beats', 'headphones', '', '{Studio Pro|Solo 4|Fit Pro|Studio Buds +|Powerbeats Pro} #M{A}{A}{D}{d}LL/A', 'Wireless Headphones', [149, 349]),
  L('Google', 'phones', 'Pixel', '{8|8a|9|9 Pro|9 Pro XL} #G{A|B|C|D}{0|1|2|3}{d}{d}{d}', 'Smartphone', [499, 1199], 1.2, {
    colours: ['Obsidian', 'Porcelain', 'Hazel', 'Wintergreen', 'Peony'],
  }),
];

/** Two-digit code per brand, used in synthetic GTINs. */
export const BRANDS: readonly string[] = [...new Set(LINES.map((line) => line.brand))];
