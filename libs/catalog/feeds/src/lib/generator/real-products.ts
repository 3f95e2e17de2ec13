/**
 * Real products for the demo catalog (`npm start`): brands, product names, model numbers and manufacturer part numbers
 * as the makers and the big US retailers list them, with their variants (colours, capacities, screen sizes; a TV of
 * each size is its own model number) and a list price in US dollars. Written down by hand from the makers' and
 * retailers' listings; GTINs only where checked against several independent listings (their check digits are
 * checked by the generator's spec), never made up: most products carry none. Prices are plausible list prices, not
 * quotes. The offers, their retailers' ids and prices, and their price history are generated from these
 * (`demo-catalog.ts`); the synthetic benchmark catalog (`catalog-data.ts`) keeps its invented models.
 */
import type { CategoryId } from './catalog-data';

/** One variant a retailer lists under its own id: a colour, a capacity, a screen size. */
export interface RealVariant {
  /** List price in US dollars. */
  price: number;
  /** Colour as the maker names it; none for what comes in one look. */
  colour?: string;
  /** Capacity or configuration ("256GB", "16GB RAM 512GB SSD", "Body Only"). */
  capacity?: string;
  /** Screen size in inches (TVs, monitors) or case size in mm (watches). */
  size?: number;
  /** The variant's own model number when it has one (TVs by size: "QN65QN90C"); else the product's. */
  model?: string;
  /** Manufacturer part number. */
  mpn?: string;
  /** GTIN (UPC or EAN), only where checked. */
  gtin?: string;
}

export interface RealProduct {
  brand: string;
  category: CategoryId;
  /** Product line ("QuietComfort", "iPhone", "BRAVIA 8"); may be empty. */
  family: string;
  /** Name within the line when the model number is a separate code ("Ultra" of Bose's 880066-0100); else empty. */
  name: string;
  /** Model number as shops write it in titles ("WH-1000XM5", "15" of the iPhone 15); may be empty. */
  model: string;
  /** What it is, as shops say it after the name ("Wireless Noise Canceling Over-Ear Headphones"). */
  noun: string;
  variants: readonly RealVariant[];
  /** Size unit of the variants' sizes. */
  sizeUnit?: 'inch' | 'mm';
  /** Sold at PlayStation Direct too (Sony's PlayStation products). Apple's own products are sold at Apple's store. */
  playstation?: true;
  /**
   * Apple's configurator page of the product (`buy-iphone/iphone-15`), under which each variant has its own path;
   * without it Apple sells each variant under its part number (`/shop/product/<part>/…`).
   */
  appleConfigurator?: string;
}

type Extra = Partial<Pick<RealProduct, 'sizeUnit' | 'playstation' | 'appleConfigurator'>>;

const R = (category: CategoryId, brand: string, family: string, name: string, model: string, noun: string, variants: readonly RealVariant[], extra: Extra = {}): RealProduct => ({
  brand,
  category,
  family,
  name,
  model,
  noun,
  variants,
  ...extra,
});

/** Variants in colours at one price: `[colour, part number?, gtin?]`. */
const colours = (price: number, list: ReadonlyArray<readonly [string, string?, string?]>, extra: Partial<RealVariant> = {}): RealVariant[] =>
  list.map(([colour, mpn, gtin]) => ({ price, colour, ...(mpn ? { mpn } : {}), ...(gtin ? { gtin } : {}), ...extra }));

/** One variant. */
const one = (price: number, extra: Partial<RealVariant> = {}): RealVariant[] => [{ price, ...extra }];

/** TVs and monitors by size, each size its own model number: `[size, model, price]`; the part number is the model's unless given. */
const sizes = (list: ReadonlyArray<readonly [number, string, number, string?]>, extra: Partial<RealVariant> = {}): RealVariant[] =>
  list.map(([size, model, price, mpn]) => ({ size, model, price, mpn: mpn ?? model, ...extra }));

/** Capacities of one colour set: every colour in every capacity, `[capacity, price]`. */
const grid = (capacities: ReadonlyArray<readonly [string, number]>, colourNames: readonly string[]): RealVariant[] =>
  capacities.flatMap(([capacity, price]) => colourNames.map((colour) => ({ price, capacity, colour })));

export const REAL_PRODUCTS: readonly RealProduct[] = [
  // ── Headphones ──
  R('headphones', 'Sony', '', '', 'WH-1000XM5', 'Wireless Noise Canceling Over-Ear Headphones', [
    ...colours(399.99, [['Black', 'WH1000XM5/B', '027242923232'], ['Silver', 'WH1000XM5/S'], ['Midnight Blue', 'WH1000XM5/L'], ['Smoky Pink', 'WH1000XM5/P']]),
  ]),
  R('headphones', 'Sony', '', '', 'WH-1000XM4', 'Wireless Noise Canceling Over-Ear Headphones', colours(349.99, [['Black', 'WH1000XM4/B'], ['Silver', 'WH1000XM4/S'], ['Midnight Blue', 'WH1000XM4/L']])),
  R('headphones', 'Sony', '', '', 'WH-1000XM6', 'Wireless Noise Canceling Over-Ear Headphones', colours(449.99, [['Black', 'WH1000XM6/B'], ['Platinum Silver', 'WH1000XM6/S'], ['Midnight Blue', 'WH1000XM6/L']])),
  R('headphones', 'Sony', '', '', 'WF-1000XM5', 'Truly Wireless Noise Canceling Earbuds', colours(299.99, [['Black', 'WF1000XM5/B'], ['Silver', 'WF1000XM5/S']])),
  R('headphones', 'Sony', '', '', 'WH-CH720N', 'Wireless Noise Canceling Headphones', colours(149.99, [['Black', 'WHCH720N/B'], ['White', 'WHCH720N/W'], ['Blue', 'WHCH720N/L']])),
  R('headphones', 'Sony', '', '', 'WH-CH520', 'Wireless On-Ear Headphones', colours(59.99, [['Black', 'WHCH520/B'], ['White', 'WHCH520/W'], ['Blue', 'WHCH520/L']])),
  R('headphones', 'Sony', 'ULT WEAR', '', 'WH-ULT900N', 'Wireless Noise Canceling Headphones', colours(199.99, [['Black', 'WHULT900N/B'], ['Off White', 'WHULT900N/W'], ['Forest Gray', 'WHULT900N/H']])),
  R('headphones', 'Sony', '', '', 'WF-C700N', 'Truly Wireless Noise Canceling Earbuds', colours(119.99, [['Black', 'WFC700N/B'], ['White', 'WFC700N/W'], ['Lavender', 'WFC700N/V']])),
  R('headphones', 'Bose', 'QuietComfort Ultra', '', '', 'Wireless Noise Cancelling Headphones', colours(429, [['Black', '880066-0100'], ['White Smoke', '880066-0200']])),
  R('headphones', 'Bose', 'QuietComfort Ultra Earbuds', '', '', 'True Wireless Noise Cancelling Earbuds', colours(299, [['Black', '882826-0010'], ['White Smoke', '882826-0020']])),
  R('headphones', 'Bose', 'QuietComfort', '', '', 'Wireless Noise Cancelling Headphones', colours(349, [['Black', '884367-0100'], ['White Smoke', '884367-0200']])),
  R('headphones', 'Bose', 'QuietComfort 45', '', '', 'Wireless Noise Cancelling Headphones', colours(329, [['Black', '866724-0100'], ['White Smoke', '866724-0200']])),
  R('headphones', 'Bose', 'QuietComfort Earbuds II', '', '', 'True Wireless Noise Cancelling Earbuds', colours(279, [['Triple Black', '870730-0010'], ['Soapstone', '870730-0020']])),
  R('headphones', 'Apple', 'AirPods Pro 2', '', '', 'Wireless Earbuds with MagSafe Charging Case (USB-C)', one(249, { mpn: 'MTJV3AM/A', gtin: '195949052484' })),
  R('headphones', 'Apple', 'AirPods 4', '', '', 'Wireless Earbuds', one(129, { mpn: 'MXP63AM/A' })),
  R('headphones', 'Apple', 'AirPods 4 with Active Noise Cancellation', '', '', 'Wireless Earbuds', one(179, { mpn: 'MXP93AM/A' })),
  R('headphones', 'Apple', 'AirPods Max', '', '', 'Wireless Over-Ear Headphones (USB-C)', colours(549, [['Midnight', 'MWW43AM/A'], ['Starlight', 'MWW53AM/A'], ['Blue', 'MWW63AM/A'], ['Purple'], ['Orange']])),
  R('headphones', 'Beats', 'Studio Pro', '', '', 'Wireless Noise Cancelling Headphones', colours(349.99, [['Black', 'MQTP3LL/A'], ['Navy', 'MQTQ3LL/A'], ['Sandstone', 'MQTR3LL/A'], ['Deep Brown', 'MQTT3LL/A']])),
  R('headphones', 'Beats', 'Solo 4', '', '', 'Wireless On-Ear Headphones', colours(199.99, [['Matte Black', 'MUW23LL/A'], ['Cloud Pink', 'MUW33LL/A'], ['Slate Blue', 'MUW43LL/A']])),
  R('headphones', 'Beats', 'Fit Pro', '', '', 'True Wireless Noise Cancelling Earbuds', colours(199.99, [['Black', 'MK2F3LL/A'], ['White', 'MK2G3LL/A']])),
  R('headphones', 'Beats', 'Studio Buds +', '', '', 'True Wireless Noise Cancelling Earbuds', colours(169.99, [['Black/Gold', 'MQLH3LL/A'], ['Ivory', 'MQLJ3LL/A'], ['Transparent', 'MQLK3LL/A']])),
  R('headphones', 'Samsung', 'Galaxy Buds3 Pro', '', '', 'Wireless Earbuds', colours(249.99, [['Silver', 'SM-R630NZAAXAR'], ['White', 'SM-R630NZWAXAR']])),
  R('headphones', 'Sennheiser', 'MOMENTUM 4 Wireless', '', '', 'Noise Cancelling Headphones', colours(379.95, [['Black', '509266'], ['White', '509267']])),
  R('headphones', 'JBL', 'Tune 510BT', '', '', 'Wireless On-Ear Headphones', colours(49.95, [['Black', 'JBLT510BTBLKAM'], ['Blue', 'JBLT510BTBLUAM'], ['White', 'JBLT510BTWHTAM']])),
  R('headphones', 'JBL', 'Live 770NC', '', '', 'Wireless Noise Cancelling Over-Ear Headphones', colours(199.95, [['Black', 'JBLLIVE770NCBLK'], ['Blue', 'JBLLIVE770NCBLU']])),
  R('headphones', 'Soundcore', 'Space Q45', '', '', 'Adaptive Noise Cancelling Headphones', colours(149.99, [['Black', 'A3040011'], ['Blue']])),
  R('headphones', 'Soundcore', 'Life Q30', '', '', 'Hybrid Active Noise Cancelling Headphones', colours(79.99, [['Black', 'A3028011'], ['Blue']])),

  // ── TVs ── (each size its own model number; Samsung's part numbers add the US code)
  R('tvs', 'Samsung', 'Neo QLED 4K', '', '', 'Smart TV', sizes([[55, 'QN55QN90C', 1599.99, 'QN55QN90CAFXZA'], [65, 'QN65QN90C', 2199.99, 'QN65QN90CAFXZA'], [75, 'QN75QN90C', 2999.99, 'QN75QN90CAFXZA'], [85, 'QN85QN90C', 3999.99, 'QN85QN90CAFXZA']])),
  R('tvs', 'Samsung', 'Neo QLED 4K', '', '', 'Smart TV', sizes([[55, 'QN55QN90D', 1699.99, 'QN55QN90DAFXZA'], [65, 'QN65QN90D', 2299.99, 'QN65QN90DAFXZA'], [75, 'QN75QN90D', 2999.99, 'QN75QN90DAFXZA'], [85, 'QN85QN90D', 3999.99, 'QN85QN90DAFXZA']])),
  R('tvs', 'Samsung', 'OLED 4K', '', '', 'Smart TV', sizes([[55, 'QN55S90C', 1899.99, 'QN55S90CAFXZA'], [65, 'QN65S90C', 2599.99, 'QN65S90CAFXZA'], [77, 'QN77S90C', 3399.99, 'QN77S90CAFXZA']])),
  R('tvs', 'Samsung', 'OLED 4K', '', '', 'Smart TV', sizes([[55, 'QN55S90D', 1999.99, 'QN55S90DAFXZA'], [65, 'QN65S90D', 2699.99, 'QN65S90DAFXZA'], [77, 'QN77S90D', 3599.99, 'QN77S90DAFXZA']])),
  R('tvs', 'Samsung', 'QLED 4K', '', '', 'Smart TV', sizes([[55, 'QN55Q80C', 1099.99, 'QN55Q80CAFXZA'], [65, 'QN65Q80C', 1399.99, 'QN65Q80CAFXZA'], [75, 'QN75Q80C', 1999.99, 'QN75Q80CAFXZA']])),
  R('tvs', 'Samsung', 'Crystal UHD', '', '', '4K Smart TV', sizes([[43, 'UN43CU7000', 299.99, 'UN43CU7000FXZA'], [50, 'UN50CU7000', 349.99, 'UN50CU7000FXZA'], [55, 'UN55CU7000', 399.99, 'UN55CU7000FXZA'], [65, 'UN65CU7000', 529.99, 'UN65CU7000FXZA'], [75, 'UN75CU7000', 749.99, 'UN75CU7000FXZA']])),
  R('tvs', 'Samsung', 'The Frame', '', '', 'QLED 4K Smart TV', sizes([[55, 'QN55LS03D', 1499.99, 'QN55LS03DAFXZA'], [65, 'QN65LS03D', 1999.99, 'QN65LS03DAFXZA'], [75, 'QN75LS03D', 2999.99, 'QN75LS03DAFXZA']])),
  R('tvs', 'LG', 'OLED evo C3', '', '', '4K Smart TV', sizes([[55, 'OLED55C3PUA', 1799.99], [65, 'OLED65C3PUA', 2499.99], [77, 'OLED77C3PUA', 3499.99], [83, 'OLED83C3PUA', 4999.99]])),
  R('tvs', 'LG', 'OLED evo C4', '', '', '4K Smart TV', sizes([[55, 'OLED55C4PUA', 1999.99], [65, 'OLED65C4PUA', 2699.99], [77, 'OLED77C4PUA', 3699.99], [83, 'OLED83C4PUA', 5299.99]])),
  R('tvs', 'LG', 'OLED evo G4', '', '', '4K Smart TV', sizes([[55, 'OLED55G4WUA', 2599.99], [65, 'OLED65G4WUA', 3399.99], [77, 'OLED77G4WUA', 4599.99]])),
  R('tvs', 'LG', 'OLED B4', '', '', '4K Smart TV', sizes([[55, 'OLED55B4PUA', 1499.99], [65, 'OLED65B4PUA', 1999.99], [77, 'OLED77B4PUA', 2999.99]])),
  R('tvs', 'LG', 'UHD UR9000', '', '', '4K Smart TV', sizes([[55, '55UR9000PUA', 449.99], [65, '65UR9000PUA', 549.99], [75, '75UR9000PUA', 799.99]])),
  R('tvs', 'LG', 'QNED80', '', '', '4K Smart TV', sizes([[55, '55QNED80URA', 699.99], [65, '65QNED80URA', 899.99], [75, '75QNED80URA', 1199.99]])),
  R('tvs', 'Sony', 'BRAVIA XR A80L', '', '', 'OLED 4K HDR Google TV', sizes([[55, 'XR55A80L', 1899.99], [65, 'XR65A80L', 2599.99], [77, 'XR77A80L', 3599.99]])),
  R('tvs', 'Sony', 'BRAVIA 8', '', '', 'OLED 4K HDR Google TV', sizes([[55, 'K55XR80', 1999.99], [65, 'K65XR80', 2799.99], [77, 'K77XR80', 3799.99]])),
  R('tvs', 'Sony', 'BRAVIA 7', '', '', 'Mini LED QLED 4K HDR Google TV', sizes([[55, 'K55XR70', 1599.99], [65, 'K65XR70', 2099.99], [75, 'K75XR70', 2799.99], [85, 'K85XR70', 3599.99]])),
  R('tvs', 'Sony', 'X80K', '', '', '4K HDR LED Google TV', sizes([[43, 'KD43X80K', 549.99], [50, 'KD50X80K', 649.99], [55, 'KD55X80K', 749.99], [65, 'KD65X80K', 949.99], [75, 'KD75X80K', 1299.99]])),
  R('tvs', 'TCL', 'QM8', '', '', 'QD-Mini LED 4K Google TV', sizes([[65, '65QM851G', 1499.99], [75, '75QM851G', 1999.99], [85, '85QM851G', 2999.99]])),
  R('tvs', 'TCL', 'Q6', '', '', 'QLED 4K Google TV', sizes([[55, '55Q651F', 449.99], [65, '65Q651F', 599.99], [75, '75Q651F', 849.99]])),
  R('tvs', 'Hisense', 'U8', '', '', 'Mini-LED ULED 4K Google TV', sizes([[55, '55U8N', 1099.99], [65, '65U8N', 1499.99], [75, '75U8N', 1999.99]])),
  R('tvs', 'Hisense', 'U6', '', '', 'Mini-LED ULED 4K Fire TV', sizes([[55, '55U6N', 599.99], [65, '65U6N', 799.99], [75, '75U6N', 1099.99]])),
  R('tvs', 'Vizio', 'V-Series', '', '', '4K HDR Smart TV', sizes([[50, 'V505M-K09', 329.99], [55, 'V555M-K01', 379.99], [65, 'V655M-K04', 479.99]])),

  // ── Laptops ──
  R('laptops', 'Apple', 'MacBook Air', '', '13-inch M2', 'Laptop', colours(999, [['Midnight', 'MLY33LL/A'], ['Starlight', 'MLY13LL/A'], ['Space Gray', 'MLXW3LL/A'], ['Silver', 'MLXY3LL/A']], { capacity: '8GB RAM 256GB SSD' })),
  R('laptops', 'Apple', 'MacBook Air', '', '13-inch M3', 'Laptop', colours(1099, [['Midnight', 'MRXV3LL/A'], ['Starlight', 'MRXT3LL/A'], ['Space Gray', 'MRXN3LL/A'], ['Silver', 'MRXQ3LL/A']], { capacity: '8GB RAM 256GB SSD' })),
  R('laptops', 'Apple', 'MacBook Air', '', '15-inch M3', 'Laptop', colours(1299, [['Midnight', 'MRYU3LL/A'], ['Starlight', 'MRYR3LL/A'], ['Space Gray', 'MRYM3LL/A'], ['Silver', 'MRYP3LL/A']], { capacity: '8GB RAM 256GB SSD' })),
  R('laptops', 'Apple', 'MacBook Pro', '', '14-inch M3', 'Laptop', colours(1599, [['Space Gray', 'MTL73LL/A'], ['Silver', 'MR7J3LL/A']], { capacity: '8GB RAM 512GB SSD' })),
  R('laptops', 'Apple', 'MacBook Pro', '', '14-inch M4', 'Laptop', colours(1599, [['Space Black', 'MW2U3LL/A'], ['Silver', 'MW2W3LL/A']], { capacity: '16GB RAM 512GB SSD' })),
  R('laptops', 'Apple', 'MacBook Pro', '', '16-inch M3 Pro', 'Laptop', colours(2499, [['Space Black', 'MRW13LL/A'], ['Silver', 'MRW43LL/A']], { capacity: '18GB RAM 512GB SSD' })),
  R('laptops', 'Dell', 'XPS 13', '', '9340', 'Laptop', [
    { price: 1099.99, capacity: '16GB RAM 512GB SSD', colour: 'Platinum' },
    { price: 1399.99, capacity: '32GB RAM 1TB SSD', colour: 'Graphite' },
  ]),
  R('laptops', 'Dell', 'XPS 14', '', '9440', 'Laptop', [{ price: 1699.99, capacity: '16GB RAM 512GB SSD', colour: 'Platinum' }, { price: 2199.99, capacity: '32GB RAM 1TB SSD', colour: 'Graphite' }]),
  R('laptops', 'Dell', 'XPS 16', '', '9640', 'Laptop', one(2399.99, { capacity: '32GB RAM 1TB SSD', colour: 'Platinum' })),
  R('laptops', 'Dell', 'Inspiron 15', '', '3520', 'Laptop', [{ price: 499.99, capacity: '8GB RAM 512GB SSD', colour: 'Carbon Black' }, { price: 629.99, capacity: '16GB RAM 1TB SSD', colour: 'Platinum Silver' }]),
  R('laptops', 'Dell', 'Inspiron 14 2-in-1', '', '7440', 'Laptop', one(749.99, { capacity: '16GB RAM 512GB SSD', colour: 'Ice Blue' })),
  R('laptops', 'HP', 'Pavilion Plus 14', '', '', 'Laptop', one(699.99, { capacity: '16GB RAM 512GB SSD', colour: 'Natural Silver' })),
  R('laptops', 'HP', 'ENVY x360 14', '', '', '2-in-1 Laptop', one(899.99, { capacity: '16GB RAM 512GB SSD', colour: 'Meteor Silver' })),
  R('laptops', 'HP', 'OmniBook X 14', '', '', 'AI PC Laptop', one(1199.99, { capacity: '16GB RAM 1TB SSD', colour: 'Meteor Silver' })),
  R('laptops', 'HP', 'Victus 15', '', '', 'Gaming Laptop', one(799.99, { capacity: '8GB RAM 512GB SSD', colour: 'Mica Silver' })),
  R('laptops', 'Lenovo', 'ThinkPad X1 Carbon Gen 12', '', '', 'Business Laptop', one(2199.99, { capacity: '32GB RAM 1TB SSD', colour: 'Black' })),
  R('laptops', 'Lenovo', 'IdeaPad Slim 3', '', '15IAN8', 'Laptop', one(449.99, { capacity: '8GB RAM 512GB SSD', colour: 'Arctic Grey' })),
  R('laptops', 'Lenovo', 'IdeaPad Slim 5', '', '16IRL8', 'Laptop', one(749.99, { capacity: '16GB RAM 512GB SSD', colour: 'Cloud Grey' })),
  R('laptops', 'Lenovo', 'Yoga 7i 2-in-1', '', '16IML9', 'Laptop', one(949.99, { capacity: '16GB RAM 1TB SSD', colour: 'Storm Grey' })),
  R('laptops', 'Lenovo', 'Legion 5', '', '16IRX9', 'Gaming Laptop', one(1399.99, { capacity: '16GB RAM 1TB SSD', colour: 'Luna Grey' })),
  R('laptops', 'ASUS', 'ROG Zephyrus G14', '', 'GA403UV', 'Gaming Laptop', one(1599.99, { capacity: '16GB RAM 1TB SSD', colour: 'Eclipse Gray' })),
  R('laptops', 'ASUS', 'Zenbook 14 OLED', '', 'UX3405MA', 'Laptop', one(899.99, { capacity: '16GB RAM 512GB SSD', colour: 'Ponder Blue' })),
  R('laptops', 'ASUS', 'TUF Gaming A15', '', 'FA507NV', 'Gaming Laptop', one(999.99, { capacity: '16GB RAM 512GB SSD', colour: 'Mecha Gray' })),
  R('laptops', 'ASUS', 'Vivobook 16', '', 'F1605VA', 'Laptop', one(579.99, { capacity: '16GB RAM 512GB SSD', colour: 'Indie Black' })),
  R('laptops', 'Acer', 'Nitro V 15', '', 'ANV15-51-51H9', 'Gaming Laptop', one(749.99, { capacity: '8GB RAM 512GB SSD', colour: 'Obsidian Black' })),
  R('laptops', 'Acer', 'Aspire 5', '', 'A515-58M', 'Laptop', one(649.99, { capacity: '16GB RAM 512GB SSD', colour: 'Steel Gray' })),
  R('laptops', 'Acer', 'Swift Go 14', '', 'SFG14-72', 'Laptop', one(799.99, { capacity: '16GB RAM 512GB SSD', colour: 'Pure Silver' })),
  R('laptops', 'Microsoft', 'Surface Laptop', '', '7th Edition 13.8-inch', 'Copilot+ PC', colours(999.99, [['Platinum'], ['Black'], ['Sapphire'], ['Dune']], { capacity: '16GB RAM 256GB SSD' })),
  R('laptops', 'Microsoft', 'Surface Pro', '', '11th Edition', '2-in-1 Laptop', colours(999.99, [['Platinum'], ['Black'], ['Sapphire'], ['Dune']], { capacity: '16GB RAM 256GB SSD' })),
  R('laptops', 'Samsung', 'Galaxy Book4 Pro', '', 'NP940XGK', 'Laptop', one(1449.99, { capacity: '16GB RAM 512GB SSD', colour: 'Moonstone Gray' })),
  R('laptops', 'Razer', 'Blade 14', '', '', 'Gaming Laptop', one(2399.99, { capacity: '16GB RAM 1TB SSD', colour: 'Black' })),

  // ── Cameras ──
  R('cameras', 'Canon', 'EOS R6 Mark II', '', '', 'Mirrorless Camera', [{ price: 2499, capacity: 'Body Only', mpn: '5666C002' }, { price: 2899, capacity: 'with RF24-105mm F4-7.1 IS STM Lens' }]),
  R('cameras', 'Canon', 'EOS R5', '', '', 'Mirrorless Camera', one(3899, { capacity: 'Body Only', mpn: '4147C002' })),
  R('cameras', 'Canon', 'EOS R8', '', '', 'Mirrorless Camera', [{ price: 1499, capacity: 'Body Only', mpn: '5803C002' }, { price: 1699, capacity: 'with RF24-50mm F4.5-6.3 IS STM Lens' }]),
  R('cameras', 'Canon', 'EOS R7', '', '', 'Mirrorless Camera', one(1499, { capacity: 'Body Only', mpn: '4886C002' })),
  R('cameras', 'Canon', 'EOS R50', '', '', 'Mirrorless Camera', [{ price: 679, capacity: 'Body Only', colour: 'Black', mpn: '5811C002' }, { price: 799, capacity: 'with RF-S18-45mm F4.5-6.3 IS STM Lens', colour: 'Black' }, { price: 799, capacity: 'with RF-S18-45mm F4.5-6.3 IS STM Lens', colour: 'White' }]),
  R('cameras', 'Canon', 'EOS R100', '', '', 'Mirrorless Camera', one(599, { capacity: 'with RF-S18-45mm F4.5-6.3 IS STM Lens' })),
  R('cameras', 'Canon', 'EOS Rebel T7', '', '', 'DSLR Camera', one(479, { capacity: 'with EF-S 18-55mm f/3.5-5.6 IS II Lens', mpn: '2727C002' })),
  R('cameras', 'Canon', 'PowerShot G7 X Mark III', '', '', 'Digital Camera', colours(749, [['Black', '3637C001'], ['Silver', '3638C001']])),
  R('cameras', 'Sony', 'Alpha 7 IV', '', 'ILCE-7M4', 'Full-Frame Mirrorless Camera', [{ price: 2499.99, capacity: 'Body Only', mpn: 'ILCE7M4/B' }, { price: 2699.99, capacity: 'with FE 28-70mm Lens', model: 'ILCE-7M4K', mpn: 'ILCE7M4K/B' }]),
  R('cameras', 'Sony', 'Alpha 7C II', '', 'ILCE-7CM2', 'Full-Frame Mirrorless Camera', colours(2199.99, [['Black', 'ILCE7CM2/B'], ['Silver', 'ILCE7CM2/S']], { capacity: 'Body Only' })),
  R('cameras', 'Sony', 'Alpha 6400', '', 'ILCE-6400', 'Mirrorless Camera', [{ price: 899.99, capacity: 'Body Only', mpn: 'ILCE6400/B' }, { price: 999.99, capacity: 'with 16-50mm Lens', model: 'ILCE-6400L', mpn: 'ILCE6400L/B' }]),
  R('cameras', 'Sony', 'ZV-E10', '', '', 'Mirrorless Vlog Camera', [{ price: 699.99, capacity: 'with 16-50mm Lens', colour: 'Black', mpn: 'ILCZVE10L/B' }, { price: 699.99, capacity: 'with 16-50mm Lens', colour: 'White', mpn: 'ILCZVE10L/W' }]),
  R('cameras', 'Sony', 'ZV-1', '', '', 'Digital Camera for Content Creators', one(749.99, { colour: 'Black', mpn: 'DCZV1/B' })),
  R('cameras', 'Nikon', 'Z6III', '', '', 'Mirrorless Camera', one(2499.95, { capacity: 'Body Only' })),
  R('cameras', 'Nikon', 'Z8', '', '', 'Mirrorless Camera', one(3999.95, { capacity: 'Body Only' })),
  R('cameras', 'Nikon', 'Z f', '', '', 'Mirrorless Camera', one(1999.95, { capacity: 'Body Only' })),
  R('cameras', 'Nikon', 'Z50II', '', '', 'Mirrorless Camera', one(1099.95, { capacity: 'with NIKKOR Z DX 16-50mm Lens' })),
  R('cameras', 'Fujifilm', 'X100VI', '', '', 'Digital Camera', colours(1599, [['Black'], ['Silver']])),
  R('cameras', 'Fujifilm', 'X-T5', '', '', 'Mirrorless Camera', colours(1699, [['Black'], ['Silver']], { capacity: 'Body Only' })),
  R('cameras', 'Panasonic', 'LUMIX S5II', '', 'DC-S5M2', 'Full Frame Mirrorless Camera', one(1999.99, { capacity: 'Body Only', mpn: 'DC-S5M2BODY' })),
  R('cameras', 'GoPro', 'HERO13 Black', '', '', 'Waterproof Action Camera', one(399.99, { mpn: 'CHDHX-131-RW' })),
  R('cameras', 'GoPro', 'HERO12 Black', '', '', 'Waterproof Action Camera', one(349.99, { mpn: 'CHDHX-121-RW' })),
  R('cameras', 'GoPro', 'HERO11 Black', '', '', 'Waterproof Action Camera', one(299.99, { mpn: 'CHDHX-111-RW' })),
  R('cameras', 'DJI', 'Osmo Pocket 3', '', '', 'Vlogging Camera', [{ price: 519, capacity: 'Standard' }, { price: 669, capacity: 'Creator Combo' }]),
  R('cameras', 'DJI', 'Osmo Action 5 Pro', '', '', 'Action Camera', [{ price: 349, capacity: 'Standard Combo' }, { price: 449, capacity: 'Adventure Combo' }]),
  R('cameras', 'Insta360', 'X4', '', '', '8K 360 Action Camera', one(499.99)),

  // ── Phones ──
  R('phones', 'Apple', 'iPhone', '', '15', '', [
    ...colours(799, [['Black', 'MTP03LL/A'], ['Pink'], ['Yellow'], ['Green'], ['Blue']], { capacity: '128GB' }),
    ...grid([['256GB', 899], ['512GB', 1099]], ['Black', 'Pink', 'Yellow', 'Green', 'Blue']),
  ], { appleConfigurator: 'buy-iphone/iphone-15' }),
  R('phones', 'Apple', 'iPhone', '', '15 Plus', '', grid([['128GB', 899], ['256GB', 999]], ['Black', 'Pink', 'Yellow', 'Green', 'Blue']), { appleConfigurator: 'buy-iphone/iphone-15' }),
  R('phones', 'Apple', 'iPhone', '', '16', '', grid([['128GB', 799], ['256GB', 899], ['512GB', 1099]], ['Black', 'White', 'Pink', 'Teal', 'Ultramarine']), { appleConfigurator: 'buy-iphone/iphone-16' }),
  R('phones', 'Apple', 'iPhone', '', '16 Plus', '', grid([['128GB', 899], ['256GB', 999]], ['Black', 'White', 'Pink', 'Teal', 'Ultramarine']), { appleConfigurator: 'buy-iphone/iphone-16' }),
  R('phones', 'Apple', 'iPhone', '', '16 Pro', '', grid([['128GB', 999], ['256GB', 1099], ['512GB', 1299], ['1TB', 1499]], ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium']), { appleConfigurator: 'buy-iphone/iphone-16-pro' }),
  R('phones', 'Apple', 'iPhone', '', '16 Pro Max', '', grid([['256GB', 1199], ['512GB', 1399], ['1TB', 1599]], ['Black Titanium', 'White Titanium', 'Natural Titanium', 'Desert Titanium']), { appleConfigurator: 'buy-iphone/iphone-16-pro' }),
  R('phones', 'Apple', 'iPhone', '', '16e', '', grid([['128GB', 599], ['256GB', 699]], ['Black', 'White']), { appleConfigurator: 'buy-iphone/iphone-16e' }),
  R('phones', 'Samsung', 'Galaxy S24', '', 'SM-S921U', 'Unlocked Smartphone', grid([['128GB', 799.99], ['256GB', 859.99]], ['Onyx Black', 'Marble Grey', 'Cobalt Violet', 'Amber Yellow'])),
  R('phones', 'Samsung', 'Galaxy S24+', '', 'SM-S926U', 'Unlocked Smartphone', grid([['256GB', 999.99], ['512GB', 1119.99]], ['Onyx Black', 'Marble Grey', 'Cobalt Violet'])),
  R('phones', 'Samsung', 'Galaxy S24 Ultra', '', 'SM-S928U', 'Unlocked Smartphone', grid([['256GB', 1299.99], ['512GB', 1419.99], ['1TB', 1659.99]], ['Titanium Black', 'Titanium Gray', 'Titanium Violet', 'Titanium Yellow'])),
  R('phones', 'Samsung', 'Galaxy S25', '', 'SM-S931U', 'Unlocked Smartphone', grid([['128GB', 799.99], ['256GB', 859.99]], ['Navy', 'Icyblue', 'Mint', 'Silver Shadow'])),
  R('phones', 'Samsung', 'Galaxy S25 Ultra', '', 'SM-S938U', 'Unlocked Smartphone', grid([['256GB', 1299.99], ['512GB', 1419.99]], ['Titanium Silverblue', 'Titanium Black', 'Titanium Gray', 'Titanium Whitesilver'])),
  R('phones', 'Samsung', 'Galaxy Z Flip6', '', 'SM-F741U', 'Unlocked Smartphone', grid([['256GB', 1099.99], ['512GB', 1219.99]], ['Blue', 'Mint', 'Silver Shadow', 'Yellow'])),
  R('phones', 'Samsung', 'Galaxy Z Fold6', '', 'SM-F956U', 'Unlocked Smartphone', grid([['256GB', 1899.99], ['512GB', 2019.99]], ['Navy', 'Pink', 'Silver Shadow'])),
  R('phones', 'Samsung', 'Galaxy A35 5G', '', 'SM-A356U', 'Unlocked Smartphone', colours(399.99, [['Awesome Navy'], ['Awesome Iceblue']], { capacity: '128GB' })),
  R('phones', 'Google', 'Pixel 9', '', '', 'Unlocked Android Smartphone', grid([['128GB', 799], ['256GB', 899]], ['Obsidian', 'Porcelain', 'Wintergreen', 'Peony'])),
  R('phones', 'Google', 'Pixel 9 Pro', '', '', 'Unlocked Android Smartphone', grid([['128GB', 999], ['256GB', 1099]], ['Obsidian', 'Porcelain', 'Hazel', 'Rose Quartz'])),
  R('phones', 'Google', 'Pixel 9 Pro XL', '', '', 'Unlocked Android Smartphone', grid([['128GB', 1099], ['256GB', 1199]], ['Obsidian', 'Porcelain', 'Hazel', 'Rose Quartz'])),
  R('phones', 'Google', 'Pixel 8a', '', '', 'Unlocked Android Smartphone', grid([['128GB', 499], ['256GB', 559]], ['Obsidian', 'Porcelain', 'Bay', 'Aloe'])),
  R('phones', 'Motorola', 'moto g', '', 'power 5G (2024)', 'Unlocked Smartphone', one(299.99, { capacity: '128GB', colour: 'Midnight Blue' })),
  R('phones', 'Motorola', 'razr+', '', '2024', 'Unlocked Smartphone', colours(999.99, [['Midnight Blue'], ['Hot Pink'], ['Spring Green']], { capacity: '256GB' })),
  R('phones', 'OnePlus', '13', '', '', 'Unlocked Android Smartphone', [{ price: 899.99, capacity: '12GB RAM 256GB', colour: 'Black Eclipse' }, { price: 999.99, capacity: '16GB RAM 512GB', colour: 'Midnight Ocean' }]),
  R('phones', 'Nothing', 'Phone (2a)', '', '', 'Unlocked Smartphone', colours(349, [['Black'], ['White']], { capacity: '128GB' })),

  // ── Tablets ──
  R('tablets', 'Apple', 'iPad', '', '10.9-inch (10th Generation)', 'Wi-Fi', grid([['64GB', 349], ['256GB', 499]], ['Silver', 'Blue', 'Pink', 'Yellow']), { appleConfigurator: 'buy-ipad/ipad' }),
  R('tablets', 'Apple', 'iPad', '', '11-inch A16', 'Wi-Fi', grid([['128GB', 349], ['256GB', 449]], ['Silver', 'Blue', 'Pink', 'Yellow']), { appleConfigurator: 'buy-ipad/ipad' }),
  R('tablets', 'Apple', 'iPad Air', '', '11-inch M2', 'Wi-Fi', grid([['128GB', 599], ['256GB', 699]], ['Space Gray', 'Starlight', 'Purple', 'Blue']), { appleConfigurator: 'buy-ipad/ipad-air' }),
  R('tablets', 'Apple', 'iPad Air', '', '13-inch M2', 'Wi-Fi', grid([['128GB', 799], ['256GB', 899]], ['Space Gray', 'Starlight', 'Purple', 'Blue']), { appleConfigurator: 'buy-ipad/ipad-air' }),
  R('tablets', 'Apple', 'iPad Pro', '', '11-inch M4', 'Wi-Fi', grid([['256GB', 999], ['512GB', 1199]], ['Space Black', 'Silver']), { appleConfigurator: 'buy-ipad/ipad-pro' }),
  R('tablets', 'Apple', 'iPad Pro', '', '13-inch M4', 'Wi-Fi', grid([['256GB', 1299], ['512GB', 1499]], ['Space Black', 'Silver']), { appleConfigurator: 'buy-ipad/ipad-pro' }),
  R('tablets', 'Apple', 'iPad mini', '', 'A17 Pro', 'Wi-Fi', grid([['128GB', 499], ['256GB', 599]], ['Space Gray', 'Blue', 'Purple', 'Starlight']), { appleConfigurator: 'buy-ipad/ipad-mini' }),
  R('tablets', 'Samsung', 'Galaxy Tab S9', '', 'SM-X710', 'Android Tablet', grid([['128GB', 799.99], ['256GB', 919.99]], ['Graphite', 'Beige'])),
  R('tablets', 'Samsung', 'Galaxy Tab S9 FE', '', 'SM-X510', 'Android Tablet', grid([['128GB', 449.99], ['256GB', 529.99]], ['Gray', 'Silver', 'Mint', 'Lavender'])),
  R('tablets', 'Samsung', 'Galaxy Tab S10+', '', 'SM-X820', 'Android Tablet', grid([['256GB', 999.99], ['512GB', 1119.99]], ['Moonstone Gray', 'Platinum Silver'])),
  R('tablets', 'Samsung', 'Galaxy Tab A9+', '', 'SM-X210', 'Android Tablet', grid([['64GB', 219.99], ['128GB', 269.99]], ['Graphite', 'Silver', 'Navy'])),
  R('tablets', 'Amazon', 'Fire HD 10', '', '(2023)', 'Tablet', grid([['32GB', 139.99], ['64GB', 179.99]], ['Black', 'Ocean', 'Lilac'])),
  R('tablets', 'Amazon', 'Fire Max 11', '', '', 'Tablet', grid([['64GB', 229.99], ['128GB', 279.99]], ['Gray'])),
  R('tablets', 'Amazon', 'Kindle Paperwhite', '', '(12th Generation)', 'E-Reader', grid([['16GB', 159.99]], ['Black', 'Jade', 'Raspberry'])),
  R('tablets', 'Amazon', 'Kindle Scribe', '', '', 'E-Reader with Premium Pen', grid([['16GB', 339.99], ['32GB', 389.99], ['64GB', 419.99]], ['Tungsten'])),
  R('tablets', 'Lenovo', 'Tab P12', '', '', 'Android Tablet', one(349.99, { capacity: '128GB', colour: 'Storm Grey' })),
  R('tablets', 'Lenovo', 'Tab M11', '', '', 'Android Tablet', one(229.99, { capacity: '128GB', colour: 'Luna Grey' })),
  R('tablets', 'Microsoft', 'Surface Go 4', '', '', 'Tablet', one(579.99, { capacity: '8GB RAM 128GB', colour: 'Platinum' })),
  R('tablets', 'OnePlus', 'Pad 2', '', '', 'Android Tablet', one(549.99, { capacity: '12GB RAM 256GB', colour: 'Nimbus Gray' })),

  // ── Monitors ──
  R('monitors', 'Dell', 'UltraSharp', '', 'U2723QE', '4K USB-C Hub Monitor', one(579.99, { size: 27 })),
  R('monitors', 'Dell', 'UltraSharp', '', 'U2724D', 'QHD Monitor', one(379.99, { size: 27 })),
  R('monitors', 'Dell', 'UltraSharp', '', 'U3225QE', '4K Thunderbolt Hub Monitor', one(949.99, { size: 32 })),
  R('monitors', 'Dell', '', '', 'S2721QS', '4K UHD Monitor', one(299.99, { size: 27 })),
  R('monitors', 'Dell', 'Alienware', '', 'AW3423DWF', 'QD-OLED Curved Gaming Monitor', one(899.99, { size: 34 })),
  R('monitors', 'Dell', 'Alienware', '', 'AW2725DF', 'QD-OLED Gaming Monitor', one(899.99, { size: 27 })),
  R('monitors', 'LG', 'UltraGear', '', '27GR95QE-B', 'OLED Gaming Monitor', one(999.99, { size: 27 })),
  R('monitors', 'LG', 'UltraGear', '', '27GP850-B', 'QHD Nano IPS Gaming Monitor', one(449.99, { size: 27 })),
  R('monitors', 'LG', 'UltraFine', '', '27UQ850-W', '4K IPS USB-C Monitor', one(649.99, { size: 27 })),
  R('monitors', 'LG', '', '', '34WP65C-B', 'UltraWide QHD Curved Monitor', one(449.99, { size: 34 })),
  R('monitors', 'Samsung', 'Odyssey G7', '', '', '4K UHD Gaming Monitor', one(799.99, { size: 32 })),
  R('monitors', 'Samsung', 'Odyssey OLED G8', '', '', 'Curved Gaming Monitor', one(1299.99, { size: 34 })),
  R('monitors', 'Samsung', 'Odyssey G5', '', 'LC27G55TQBNXZA', 'QHD Curved Gaming Monitor', one(299.99, { size: 27 })),
  R('monitors', 'Samsung', 'ViewFinity S9', '', 'LS27C902PANXZA', '5K Smart Monitor', one(1599.99, { size: 27 })),
  R('monitors', 'ASUS', 'TUF Gaming', '', 'VG27AQ', 'QHD Gaming Monitor', one(329, { size: 27 })),
  R('monitors', 'ASUS', 'ROG Swift', '', 'PG27AQDM', 'OLED Gaming Monitor', one(899, { size: 27 })),
  R('monitors', 'ASUS', 'ProArt', '', 'PA278QV', 'Professional Monitor', one(329, { size: 27 })),
  R('monitors', 'Acer', 'Nitro', '', 'XV272U Vbmiiprx', 'QHD Gaming Monitor', one(299.99, { size: 27 })),
  R('monitors', 'Acer', '', '', 'SB242Y Ebi', 'Full HD Monitor', one(99.99, { size: 24 })),
  R('monitors', 'Apple', 'Studio Display', '', '', 'Standard Glass, Tilt-Adjustable Stand', one(1599, { size: 27, mpn: 'MK0U3LL/A' })),
  R('monitors', 'BenQ', 'MOBIUZ', '', 'EX2710Q', 'QHD Gaming Monitor', one(399.99, { size: 27 })),
  R('monitors', 'HP', '', '', 'M27f', 'FHD Monitor', one(249.99, { size: 27 })),

  // ── Speakers ──
  R('speakers', 'JBL', 'Flip 6', '', '', 'Portable Waterproof Bluetooth Speaker', colours(129.95, [['Black', 'JBLFLIP6BLKAM'], ['Blue', 'JBLFLIP6BLUAM'], ['Red', 'JBLFLIP6REDAM'], ['Teal', 'JBLFLIP6TEALAM']])),
  R('speakers', 'JBL', 'Flip 7', '', '', 'Portable Waterproof Bluetooth Speaker', colours(149.95, [['Black'], ['Blue'], ['Red']])),
  R('speakers', 'JBL', 'Charge 5', '', '', 'Portable Waterproof Bluetooth Speaker', colours(179.95, [['Black', 'JBLCHARGE5BLKAM'], ['Blue', 'JBLCHARGE5BLUAM'], ['Red', 'JBLCHARGE5REDAM'], ['Squad', 'JBLCHARGE5SQUADAM']])),
  R('speakers', 'JBL', 'Clip 5', '', '', 'Ultra-Portable Waterproof Bluetooth Speaker', colours(79.95, [['Black', 'JBLCLIP5BLKAM'], ['Blue', 'JBLCLIP5BLUAM'], ['Purple', 'JBLCLIP5PURAM']])),
  R('speakers', 'JBL', 'Go 4', '', '', 'Ultra-Portable Bluetooth Speaker', colours(49.95, [['Black', 'JBLGO4BLKAM'], ['Blue', 'JBLGO4BLUAM'], ['Pink', 'JBLGO4PINKAM']])),
  R('speakers', 'JBL', 'Xtreme 4', '', '', 'Portable Waterproof Bluetooth Speaker', colours(379.95, [['Black', 'JBLXTREME4BLKAM'], ['Blue', 'JBLXTREME4BLUAM']])),
  R('speakers', 'JBL', 'Boombox 3', '', '', 'Portable Bluetooth Speaker', colours(499.95, [['Black', 'JBLBOOMBOX3BLKAM'], ['Squad', 'JBLBOOMBOX3SQUADAM']])),
  R('speakers', 'Bose', 'SoundLink Flex', '', '', 'Portable Bluetooth Speaker', colours(149, [['Black', '865983-0100'], ['White Smoke'], ['Stone Blue']])),
  R('speakers', 'Bose', 'SoundLink Max', '', '', 'Portable Bluetooth Speaker', colours(399, [['Black', '883848-0100'], ['Blue Dusk', '883848-0200']])),
  R('speakers', 'Bose', 'SoundLink Micro', '', '', 'Portable Bluetooth Speaker', colours(119, [['Black', '783342-0100'], ['Stone Blue']])),
  R('speakers', 'Bose', 'Smart Soundbar', '', '', 'Wireless Dolby Atmos Soundbar', one(499, { colour: 'Black', mpn: '892079-1100' })),
  R('speakers', 'Sony', 'ULT FIELD 1', '', 'SRS-ULT10', 'Wireless Portable Bluetooth Speaker', colours(129.99, [['Black', 'SRSULT10/B'], ['Off White', 'SRSULT10/W'], ['Forest Gray', 'SRSULT10/H']])),
  R('speakers', 'Sony', 'ULT FIELD 7', '', 'SRS-ULT70', 'Wireless Portable Party Speaker', one(499.99, { colour: 'Black', mpn: 'SRSULT70' })),
  R('speakers', 'Sony', '', '', 'SRS-XB100', 'Wireless Portable Bluetooth Speaker', colours(59.99, [['Black', 'SRSXB100/B'], ['Blue', 'SRSXB100/L'], ['Orange', 'SRSXB100/D']])),
  R('speakers', 'Sonos', 'Era 100', '', '', 'Smart Speaker', colours(249, [['Black', 'E10G1US1BLK'], ['White', 'E10G1US1']])),
  R('speakers', 'Sonos', 'Era 300', '', '', 'Smart Speaker with Spatial Audio', colours(449, [['Black'], ['White']])),
  R('speakers', 'Sonos', 'Arc Ultra', '', '', 'Smart Soundbar', colours(999, [['Black'], ['White']])),
  R('speakers', 'Sonos', 'Beam (Gen 2)', '', '', 'Smart Soundbar', colours(499, [['Black'], ['White']])),
  R('speakers', 'Sonos', 'Roam 2', '', '', 'Portable Smart Speaker', colours(179, [['Black'], ['White'], ['Olive']])),
  R('speakers', 'Ultimate Ears', 'WONDERBOOM 4', '', '', 'Portable Waterproof Bluetooth Speaker', colours(99.99, [['Active Black'], ['Hyper Pink'], ['Cobalt Blue']])),
  R('speakers', 'Ultimate Ears', 'BOOM 4', '', '', 'Portable Waterproof Bluetooth Speaker', colours(149.99, [['Active Black'], ['Cobalt Blue']])),
  R('speakers', 'Amazon', 'Echo Dot', '', '(5th Gen)', 'Smart Speaker with Alexa', colours(49.99, [['Charcoal'], ['Glacier White'], ['Deep Sea Blue']])),
  R('speakers', 'Amazon', 'Echo', '', '(4th Gen)', 'Smart Speaker with Alexa', colours(99.99, [['Charcoal'], ['Glacier White']])),
  R('speakers', 'Apple', 'HomePod', '', '(2nd generation)', 'Smart Speaker', colours(299, [['Midnight', 'MQJ73LL/A'], ['White', 'MQJ83LL/A']])),
  R('speakers', 'Apple', 'HomePod mini', '', '', 'Smart Speaker', colours(99, [['Space Gray', 'MY5G2LL/A'], ['White', 'MY5H2LL/A']])),
  R('speakers', 'Marshall', 'Emberton III', '', '', 'Portable Bluetooth Speaker', colours(169.99, [['Black & Brass'], ['Cream']])),

  // ── Kitchen ──
  R('kitchen', 'KitchenAid', 'Artisan Series', '', 'KSM150PS', '5 Quart Tilt-Head Stand Mixer', colours(449.99, [['Empire Red', 'KSM150PSER'], ['Onyx Black', 'KSM150PSOB'], ['White', 'KSM150PSWH'], ['Contour Silver', 'KSM150PSCU'], ['Aqua Sky', 'KSM150PSAQ']])),
  R('kitchen', 'KitchenAid', 'Classic', '', 'K45SS', '4.5 Quart Tilt-Head Stand Mixer', colours(329.99, [['White', 'K45SSWH'], ['Onyx Black', 'K45SSOB']])),
  R('kitchen', 'KitchenAid', '', '', 'KHM512', '5-Speed Ultra Power Hand Mixer', colours(69.99, [['Empire Red', 'KHM512ER'], ['White', 'KHM512WH']])),
  R('kitchen', 'Instant Pot', 'Duo 7-in-1', '', '', 'Electric Pressure Cooker, 6 Quart', one(99.95, { gtin: '853084004088' })),
  R('kitchen', 'Instant Pot', 'Duo Plus 9-in-1', '', '', 'Electric Pressure Cooker, 6 Quart', one(129.99)),
  R('kitchen', 'Instant Pot', 'Vortex Plus', '', '', '6-Quart Air Fryer with ClearCook Window', one(139.99)),
  R('kitchen', 'Ninja', 'Air Fryer', '', 'AF101', '4 Quart', one(99.99, { colour: 'Black' })),
  R('kitchen', 'Ninja', 'Foodi DualZone Air Fryer', '', 'DZ201', '8 Quart 6-in-1', one(199.99, { colour: 'Black' })),
  R('kitchen', 'Ninja', 'Foodi FlexBasket Air Fryer', '', 'DZ071', '7-Quart', one(169.99, { colour: 'Grey' })),
  R('kitchen', 'Ninja', 'CREAMi', '', 'NC301', 'Ice Cream Maker', one(199.99, { colour: 'Silver' })),
  R('kitchen', 'Ninja', 'Professional Plus Blender', '', 'BN701', 'with Auto-iQ', one(129.99, { colour: 'Black' })),
  R('kitchen', 'Ninja', 'SLUSHi', '', 'FS301', 'Frozen Drink Maker', one(349.99, { colour: 'Black' })),
  R('kitchen', 'Philips', 'Airfryer 3000 Series', '', 'HD9200/91', 'Air Fryer', one(89.99, { colour: 'Black' })),
  R('kitchen', 'Philips', 'Premium Airfryer XXL', '', 'HD9650/96', 'Air Fryer', one(349.95, { colour: 'Black' })),
  R('kitchen', 'Nespresso', 'Vertuo Next', '', 'ENV120', 'Coffee and Espresso Machine by DeLonghi', colours(179, [['Black', 'ENV120B'], ['Gray', 'ENV120GY']])),
  R('kitchen', 'Nespresso', 'Vertuo Pop+', '', '', 'Coffee and Espresso Machine by Breville', colours(149, [['Aqua Mint'], ['Liquorice Black'], ['Coconut White']])),
  R('kitchen', 'Breville', 'Barista Express', '', 'BES870XL', 'Espresso Machine', colours(749.95, [['Brushed Stainless Steel', 'BES870XL'], ['Black Truffle', 'BES870BTR']])),
  R('kitchen', 'Breville', 'Bambino Plus', '', 'BES500BSS', 'Espresso Machine', one(499.95, { colour: 'Brushed Stainless Steel' })),
  R('kitchen', 'Keurig', 'K-Supreme Plus', '', '', 'Single Serve Coffee Maker', colours(189.99, [['Stainless Steel'], ['Black']])),
  R('kitchen', 'Keurig', 'K-Mini', '', '', 'Single Serve Coffee Maker', colours(99.99, [['Black'], ['Poppy Red'], ['Studio Gray']])),
  R('kitchen', 'Vitamix', 'E310', '', '', 'Explorian Blender', one(349.95, { colour: 'Black' })),
  R('kitchen', 'Cuisinart', '', '', 'DCC-3200P1', '14-Cup Programmable Coffeemaker', one(99.95, { colour: 'Stainless Steel' })),
  R('kitchen', 'Dyson', 'Purifier Cool', '', 'TP07', 'Air Purifier and Fan', colours(569.99, [['White/Silver'], ['Black/Nickel']])),
  R('kitchen', 'Dyson', 'Purifier Hot+Cool', '', 'HP07', 'Air Purifier, Heater and Fan', colours(749.99, [['White/Silver'], ['Black/Nickel']])),
  R('kitchen', 'Levoit', 'Core 300', '', '', 'True HEPA Air Purifier', one(99.99, { colour: 'White' })),

  // ── Gaming ──
  R('gaming', 'Sony', 'PlayStation 5 Slim', '', '', 'Console', [
    { price: 499.99, capacity: 'Disc Edition', model: 'CFI-2015', mpn: 'CFI-2015' },
    { price: 449.99, capacity: 'Digital Edition', model: 'CFI-2015' },
  ], { playstation: true }),
  R('gaming', 'Sony', 'PlayStation 5 Pro', '', 'CFI-7019', 'Console', one(699.99), { playstation: true }),
  R('gaming', 'Sony', 'DualSense', '', 'CFI-ZCT1W', 'Wireless Controller', [
    { price: 74.99, colour: 'White', gtin: '711719399506' },
    { price: 74.99, colour: 'Midnight Black' },
    { price: 74.99, colour: 'Cosmic Red' },
    { price: 74.99, colour: 'Volcanic Red' },
  ], { playstation: true }),
  R('gaming', 'Sony', 'DualSense Edge', '', 'CFI-ZCP1', 'Wireless Controller', one(199.99, { colour: 'White' }), { playstation: true }),
  R('gaming', 'Sony', 'PULSE Elite', '', 'CFI-ZWH2', 'Wireless Headset', one(149.99, { colour: 'White' }), { playstation: true }),
  R('gaming', 'Sony', 'PULSE Explore', '', 'CFI-ZWE1', 'Wireless Earbuds', one(199.99, { colour: 'White' }), { playstation: true }),
  R('gaming', 'Sony', 'PlayStation Portal', '', 'CFIJ-18000', 'Remote Player', one(199.99, { colour: 'White' }), { playstation: true }),
  R('gaming', 'Sony', 'PlayStation VR2', '', 'CFIJ-17000', 'Headset', one(399.99), { playstation: true }),
  R('gaming', 'Nintendo', 'Switch', '', 'OLED Model', 'Console', [
    { price: 349.99, colour: 'White', mpn: 'HEG-S-KAAAA', gtin: '045496883386' },
    { price: 349.99, colour: 'Neon Red/Neon Blue', mpn: 'HEG-S-KABAA', gtin: '045496883409' },
  ]),
  R('gaming', 'Nintendo', 'Switch', '', 'Lite', 'Console', colours(199.99, [['Turquoise', 'HDH-S-BAZAA'], ['Yellow', 'HDH-S-YAZAA'], ['Gray', 'HDH-S-GAZAA'], ['Coral', 'HDH-S-PAZAA'], ['Blue', 'HDH-S-BBZAA']])),
  R('gaming', 'Nintendo', 'Switch', '', '', 'Console with Neon Blue and Neon Red Joy-Con', one(299.99, { mpn: 'HAD-S-KABAA' })),
  R('gaming', 'Nintendo', 'Switch 2', '', '', 'Console', [{ price: 449.99, capacity: 'Standalone' }, { price: 499.99, capacity: 'Mario Kart World Bundle' }]),
  R('gaming', 'Nintendo', 'Switch Pro Controller', '', '', '', one(69.99, { mpn: 'HAC-A-FSSKA' })),
  R('gaming', 'Nintendo', 'Joy-Con', '', '(L)/(R)', 'Controllers', colours(79.99, [['Neon Red/Neon Blue', 'HAC-A-JAEAA'], ['Pastel Purple/Pastel Green']])),
  R('gaming', 'Microsoft', 'Xbox Series X', '', '', '1TB Console', one(499.99, { mpn: 'RRT-00001', gtin: '889842640724' })),
  R('gaming', 'Microsoft', 'Xbox Series S', '', '', 'Console', [{ price: 299.99, capacity: '512GB', colour: 'Robot White', mpn: 'RRS-00001' }, { price: 349.99, capacity: '1TB', colour: 'Carbon Black', mpn: 'XXU-00001' }]),
  R('gaming', 'Microsoft', 'Xbox Wireless Controller', '', '', '', colours(59.99, [['Carbon Black', 'QAT-00001'], ['Robot White', 'QAS-00001'], ['Shock Blue', 'QAU-00001'], ['Pulse Red']])),
  R('gaming', 'Microsoft', 'Xbox Elite Wireless Controller Series 2', '', '', '', one(179.99, { colour: 'Black', mpn: 'FST-00001' })),
  R('gaming', 'Meta', 'Quest 3', '', '', 'Mixed Reality Headset', one(499.99, { capacity: '512GB' })),
  R('gaming', 'Meta', 'Quest 3S', '', '', 'Mixed Reality Headset', [{ price: 299.99, capacity: '128GB' }, { price: 399.99, capacity: '256GB' }]),
  R('gaming', 'Valve', 'Steam Deck OLED', '', '', 'Handheld Gaming PC', [{ price: 549, capacity: '512GB' }, { price: 649, capacity: '1TB' }]),
  R('gaming', 'ASUS', 'ROG Ally', '', 'RC71L', 'Handheld Gaming PC', one(649.99, { capacity: '512GB', colour: 'White' })),
  R('gaming', 'Logitech', 'G', '', 'G915 X LIGHTSPEED', 'Wireless Gaming Keyboard', one(249.99, { colour: 'Black' })),
  R('gaming', 'SteelSeries', 'Arctis Nova Pro', '', '', 'Wireless Gaming Headset', one(349.99, { colour: 'Black' })),
  R('gaming', 'Razer', 'BlackShark V2 Pro', '', '', 'Wireless Gaming Headset', colours(199.99, [['Black'], ['White']])),
  R('gaming', 'Turtle Beach', 'Stealth 600 Gen 3', '', '', 'Wireless Gaming Headset', colours(99.99, [['Black'], ['White']])),

  // ── Smartwatches ──
  R('smartwatches', 'Apple', 'Apple Watch', '', 'Series 10 GPS', 'Aluminum Case with Sport Band', [
    ...colours(399, [['Jet Black'], ['Rose Gold'], ['Silver']], { size: 42 }),
    ...colours(429, [['Jet Black'], ['Rose Gold'], ['Silver']], { size: 46 }),
  ], { sizeUnit: 'mm', appleConfigurator: 'buy-watch/apple-watch' }),
  R('smartwatches', 'Apple', 'Apple Watch', '', 'Series 9 GPS', 'Aluminum Case with Sport Band', [
    ...colours(399, [['Midnight'], ['Starlight'], ['Silver'], ['Pink']], { size: 41 }),
    ...colours(429, [['Midnight'], ['Starlight'], ['Silver'], ['Pink']], { size: 45 }),
  ], { sizeUnit: 'mm', appleConfigurator: 'buy-watch/apple-watch' }),
  R('smartwatches', 'Apple', 'Apple Watch', '', 'SE GPS', 'Aluminum Case with Sport Band', [
    ...colours(249, [['Midnight'], ['Starlight'], ['Silver']], { size: 40 }),
    ...colours(279, [['Midnight'], ['Starlight'], ['Silver']], { size: 44 }),
  ], { sizeUnit: 'mm', appleConfigurator: 'buy-watch/apple-watch-se' }),
  R('smartwatches', 'Apple', 'Apple Watch', '', 'Ultra 2 GPS + Cellular', 'Titanium Case', colours(799, [['Natural'], ['Black']], { size: 49 }), { sizeUnit: 'mm', appleConfigurator: 'buy-watch/apple-watch-ultra-2' }),
  R('smartwatches', 'Samsung', 'Galaxy Watch7', '', '', 'Smartwatch', [...colours(299.99, [['Green'], ['Silver']], { size: 40 }), ...colours(329.99, [['Green'], ['Silver']], { size: 44 })], { sizeUnit: 'mm' }),
  R('smartwatches', 'Samsung', 'Galaxy Watch Ultra', '', 'SM-L705U', 'Smartwatch', colours(649.99, [['Titanium Gray'], ['Titanium White'], ['Titanium Silver']], { size: 47 }), { sizeUnit: 'mm' }),
  R('smartwatches', 'Samsung', 'Galaxy Watch6 Classic', '', 'SM-R960', 'Smartwatch', colours(429.99, [['Black'], ['Silver']], { size: 47 }), { sizeUnit: 'mm' }),
  R('smartwatches', 'Google', 'Pixel Watch 3', '', '', 'Smartwatch', [...colours(349.99, [['Matte Black'], ['Polished Silver']], { size: 41 }), ...colours(399.99, [['Matte Black'], ['Polished Silver']], { size: 45 })], { sizeUnit: 'mm' }),
  R('smartwatches', 'Garmin', 'Forerunner 265', '', '', 'GPS Running Smartwatch', colours(449.99, [['Black', '010-02810-00'], ['Whitestone'], ['Aqua']])),
  R('smartwatches', 'Garmin', 'Forerunner 965', '', '', 'GPS Running Smartwatch', colours(599.99, [['Black', '010-02809-00'], ['Whitestone']])),
  R('smartwatches', 'Garmin', 'Forerunner 165', '', '', 'GPS Running Smartwatch', colours(249.99, [['Black'], ['Mist Gray']])),
  R('smartwatches', 'Garmin', 'Venu 3', '', '', 'GPS Smartwatch', colours(449.99, [['Slate'], ['Silver']])),
  R('smartwatches', 'Garmin', 'fenix 8', '', '', 'AMOLED Multisport GPS Watch', colours(999.99, [['Slate Gray'], ['Silver']], { size: 47 }), { sizeUnit: 'mm' }),
  R('smartwatches', 'Garmin', 'Instinct 2 Solar', '', '', 'Rugged GPS Smartwatch', colours(399.99, [['Graphite'], ['Mist Gray']])),
  R('smartwatches', 'Fitbit', 'Charge 6', '', '', 'Fitness Tracker', colours(159.95, [['Obsidian'], ['Porcelain'], ['Coral']])),
  R('smartwatches', 'Fitbit', 'Versa 4', '', '', 'Fitness Smartwatch', colours(199.95, [['Black/Graphite'], ['Pink Sand/Copper Rose']])),

  // ── Vacuums ──
  R('vacuums', 'Dyson', 'V15 Detect', '', '', 'Cordless Vacuum', one(749.99, { colour: 'Yellow/Nickel', mpn: '368340-01' })),
  R('vacuums', 'Dyson', 'V15 Detect Extra', '', '', 'Cordless Vacuum', one(849.99, { colour: 'Yellow/Nickel' })),
  R('vacuums', 'Dyson', 'V11', '', '', 'Cordless Vacuum', one(569.99, { colour: 'Nickel/Blue' })),
  R('vacuums', 'Dyson', 'V12 Detect Slim', '', '', 'Cordless Vacuum', one(649.99, { colour: 'Yellow/Iron' })),
  R('vacuums', 'Dyson', 'V8', '', '', 'Cordless Vacuum', one(419.99, { colour: 'Silver/Nickel', mpn: '400473-01' })),
  R('vacuums', 'Dyson', 'Gen5detect', '', '', 'Cordless Vacuum', one(949.99, { colour: 'Purple/Purple' })),
  R('vacuums', 'Dyson', 'Ball Animal 3', '', '', 'Upright Vacuum', one(499.99, { colour: 'Copper/Nickel' })),
  R('vacuums', 'Shark', 'Navigator Lift-Away', '', 'NV352', 'Upright Vacuum', one(199.99, { colour: 'Lavender' })),
  R('vacuums', 'Shark', 'Stratos', '', 'AZ3002', 'Upright Vacuum', one(449.99, { colour: 'Navy' })),
  R('vacuums', 'Shark', 'Vertex Pro Powered Lift-Away', '', 'IZ682H', 'Cordless Stick Vacuum', one(399.99, { colour: 'Blue Sapphire' })),
  R('vacuums', 'Shark', 'AI Ultra Robot Vacuum', '', 'AV2511AE', 'Self-Emptying Robot Vacuum', one(599.99, { colour: 'Black' })),
  R('vacuums', 'iRobot', 'Roomba j7+', '', '', 'Self-Emptying Robot Vacuum', one(799.99, { colour: 'Graphite', mpn: 'j755020' })),
  R('vacuums', 'iRobot', 'Roomba Combo j9+', '', '', 'Self-Emptying Robot Vacuum and Mop', one(1399.99, { colour: 'Black', mpn: 'c975020' })),
  R('vacuums', 'iRobot', 'Roomba 694', '', '', 'Robot Vacuum', one(274.99, { colour: 'Charcoal Grey', mpn: 'R694020' })),
  R('vacuums', 'Roborock', 'Q7 Max+', '', '', 'Robot Vacuum and Mop', one(869.99, { colour: 'Black' })),
  R('vacuums', 'Roborock', 'S8 MaxV Ultra', '', '', 'Robot Vacuum and Mop', one(1799.99, { colour: 'Black' })),
  R('vacuums', 'Bissell', 'CrossWave HydroSteam', '', '3515', 'Wet Dry Vacuum', one(349.99, { colour: 'Lime' })),
  R('vacuums', 'Bissell', 'Little Green', '', '3400', 'Portable Carpet Cleaner', one(123.59, { colour: 'Green' })),
  R('vacuums', 'Hoover', 'MAXLife', '', 'UH74210', 'Upright Vacuum', one(199.99, { colour: 'Black' })),
  R('vacuums', 'Tineco', 'Floor One S5', '', '', 'Wet Dry Vacuum', one(449, { colour: 'Black' })),

  // ── Storage ──
  R('storage', 'Samsung', '990 PRO', '', '', 'PCIe 4.0 NVMe M.2 Internal SSD', [{ price: 169.99, capacity: '1TB', mpn: 'MZ-V9P1T0B/AM' }, { price: 289.99, capacity: '2TB', mpn: 'MZ-V9P2T0B/AM' }, { price: 569.99, capacity: '4TB', mpn: 'MZ-V9P4T0B/AM' }]),
  R('storage', 'Samsung', '990 EVO Plus', '', '', 'PCIe 4.0 NVMe M.2 Internal SSD', [{ price: 129.99, capacity: '1TB', mpn: 'MZ-V9S1T0B/AM' }, { price: 219.99, capacity: '2TB', mpn: 'MZ-V9S2T0B/AM' }]),
  R('storage', 'Samsung', '870 EVO', '', '', 'SATA III 2.5" Internal SSD', [{ price: 99.99, capacity: '1TB', mpn: 'MZ-77E1T0B/AM' }, { price: 179.99, capacity: '2TB', mpn: 'MZ-77E2T0B/AM' }]),
  R('storage', 'Samsung', 'T7 Shield', '', '', 'Portable SSD', [{ price: 119.99, capacity: '1TB', colour: 'Black', mpn: 'MU-PE1T0S/AM' }, { price: 199.99, capacity: '2TB', colour: 'Black', mpn: 'MU-PE2T0S/AM' }, { price: 119.99, capacity: '1TB', colour: 'Beige', mpn: 'MU-PE1T0K/AM' }]),
  R('storage', 'Samsung', 'T7', '', '', 'Portable SSD', [{ price: 89.99, capacity: '500GB', colour: 'Titan Gray', mpn: 'MU-PC500T/AM' }, { price: 119.99, capacity: '1TB', colour: 'Titan Gray', mpn: 'MU-PC1T0T/AM' }, { price: 119.99, capacity: '1TB', colour: 'Indigo Blue', mpn: 'MU-PC1T0H/AM' }]),
  R('storage', 'Samsung', 'PRO Plus', '', '', 'microSDXC Memory Card with Adapter', [{ price: 19.99, capacity: '128GB', mpn: 'MB-MD128SA/AM' }, { price: 29.99, capacity: '256GB', mpn: 'MB-MD256SA/AM' }, { price: 54.99, capacity: '512GB', mpn: 'MB-MD512SA/AM' }]),
  R('storage', 'SanDisk', 'Extreme', '', '', 'Portable SSD', [{ price: 109.99, capacity: '1TB', mpn: 'SDSSDE61-1T00-G25' }, { price: 179.99, capacity: '2TB', mpn: 'SDSSDE61-2T00-G25' }]),
  R('storage', 'SanDisk', 'Extreme PRO', '', '', 'Portable SSD V2', [{ price: 159.99, capacity: '1TB', mpn: 'SDSSDE81-1T00-G25' }, { price: 249.99, capacity: '2TB', mpn: 'SDSSDE81-2T00-G25' }]),
  R('storage', 'SanDisk', 'Extreme', '', '', 'microSDXC UHS-I Card', [{ price: 24.99, capacity: '128GB', mpn: 'SDSQXAA-128G-GN6MA' }, { price: 39.99, capacity: '256GB', mpn: 'SDSQXAV-256G-GN6MA' }, { price: 69.99, capacity: '512GB', mpn: 'SDSQXAV-512G-GN6MA' }]),
  R('storage', 'SanDisk', 'Ultra', '', '', 'USB 3.0 Flash Drive', [{ price: 12.99, capacity: '64GB', mpn: 'SDCZ48-064G-G46' }, { price: 17.99, capacity: '128GB', mpn: 'SDCZ48-128G-G46' }]),
  R('storage', 'WD', 'WD_BLACK SN850X', '', '', 'NVMe Internal Gaming SSD', [{ price: 149.99, capacity: '1TB', mpn: 'WDS100T2X0E' }, { price: 249.99, capacity: '2TB', mpn: 'WDS200T2X0E' }, { price: 479.99, capacity: '4TB', mpn: 'WDS400T2X0E' }]),
  R('storage', 'WD', 'WD Blue SN580', '', '', 'NVMe Internal SSD', [{ price: 79.99, capacity: '1TB', mpn: 'WDS100T3B0E' }, { price: 139.99, capacity: '2TB', mpn: 'WDS200T3B0E' }]),
  R('storage', 'WD', 'My Passport', '', '', 'Portable External Hard Drive', [{ price: 79.99, capacity: '2TB', colour: 'Black', mpn: 'WDBYVG0020BBK-WESN' }, { price: 139.99, capacity: '5TB', colour: 'Black', mpn: 'WDBPKJ0050BBK-WESN' }]),
  R('storage', 'WD', 'Elements', '', '', 'Desktop External Hard Drive', [{ price: 219.99, capacity: '14TB', mpn: 'WDBWLG0140HBK-NESN' }, { price: 299.99, capacity: '20TB', mpn: 'WDBWLG0200HBK-NESN' }]),
  R('storage', 'Seagate', 'Portable Drive', '', '', 'External Hard Drive', [{ price: 69.99, capacity: '2TB', mpn: 'STGX2000400' }, { price: 119.99, capacity: '5TB', mpn: 'STGX5000400' }]),
  R('storage', 'Seagate', 'BarraCuda', '', '', 'Internal Hard Drive 3.5"', [{ price: 64.99, capacity: '2TB', mpn: 'ST2000DM008' }, { price: 99.99, capacity: '4TB', mpn: 'ST4000DM004' }]),
  R('storage', 'Crucial', 'T705', '', '', 'PCIe Gen5 NVMe M.2 SSD', [{ price: 249.99, capacity: '1TB', mpn: 'CT1000T705SSD3' }, { price: 379.99, capacity: '2TB', mpn: 'CT2000T705SSD3' }]),
  R('storage', 'Crucial', 'P3 Plus', '', '', 'PCIe 4.0 NVMe M.2 SSD', [{ price: 74.99, capacity: '1TB', mpn: 'CT1000P3PSSD8' }, { price: 129.99, capacity: '2TB', mpn: 'CT2000P3PSSD8' }]),
  R('storage', 'Crucial', 'X9 Pro', '', '', 'Portable SSD', [{ price: 99.99, capacity: '1TB', mpn: 'CT1000X9PROSSD9' }, { price: 169.99, capacity: '2TB', mpn: 'CT2000X9PROSSD9' }]),
  R('storage', 'Kingston', 'FURY Renegade', '', '', 'PCIe 4.0 NVMe M.2 SSD', [{ price: 119.99, capacity: '1TB', mpn: 'SFYRS/1000G' }, { price: 199.99, capacity: '2TB', mpn: 'SFYRD/2000G' }]),

  // ── Accessories ──
  R('accessories', 'Logitech', 'MX Master 3S', '', '', 'Wireless Performance Mouse', colours(99.99, [['Graphite', '910-006556'], ['Pale Gray']])),
  R('accessories', 'Logitech', 'MX Keys S', '', '', 'Wireless Keyboard', colours(109.99, [['Graphite'], ['Pale Gray']])),
  R('accessories', 'Logitech', 'MX Anywhere 3S', '', '', 'Compact Wireless Mouse', colours(79.99, [['Graphite'], ['Pale Gray']])),
  R('accessories', 'Logitech', 'MX Mechanical Mini', '', '', 'Wireless Keyboard', one(149.99, { colour: 'Graphite' })),
  R('accessories', 'Logitech', 'G502 X PLUS', '', '', 'Wireless Gaming Mouse', colours(159.99, [['Black', '910-006160'], ['White']])),
  R('accessories', 'Logitech', 'G PRO X SUPERLIGHT 2', '', '', 'Wireless Gaming Mouse', colours(159.99, [['Black', '910-006628'], ['White'], ['Magenta']])),
  R('accessories', 'Logitech', 'Brio 4K', '', '', 'Webcam', one(199.99, { colour: 'Black', mpn: '960-001105' })),
  R('accessories', 'Logitech', 'C920s HD Pro', '', '', 'Webcam', one(69.99, { colour: 'Black', mpn: '960-001257' })),
  R('accessories', 'Logitech', 'Lift', '', '', 'Vertical Ergonomic Mouse', colours(69.99, [['Graphite'], ['Rose'], ['Pale Gray']])),
  R('accessories', 'Apple', 'AirTag 4 Pack', '', '', '', one(99, { mpn: 'MX542AM/A' })),
  R('accessories', 'Apple', 'Apple Pencil Pro', '', '', '', one(129, { mpn: 'MX2D3AM/A' })),
  R('accessories', 'Apple', 'Apple Pencil', '', '(USB-C)', '', one(79, { mpn: 'MUWA3AM/A' })),
  R('accessories', 'Apple', 'Magic Keyboard', '', '', 'with Touch ID', one(149, { mpn: 'MXCK3LL/A' })),
  R('accessories', 'Apple', 'Magic Mouse', '', '', '(USB-C)', colours(79, [['White', 'MXK53AM/A'], ['Black', 'MXK63AM/A']])),
  R('accessories', 'Apple', 'MagSafe Charger', '', '', '(1 m)', one(39, { mpn: 'MX6X3AM/A' })),
  R('accessories', 'Anker', 'PowerCore 10000', '', 'A1263', 'Portable Charger', one(25.99, { colour: 'Black' })),
  R('accessories', 'Anker', '737 Power Bank', '', 'A1289', 'PowerCore 24K', one(149.99, { colour: 'Black' })),
  R('accessories', 'Anker', 'Nano Power Bank', '', '', '10000mAh with Built-in USB-C Cable', colours(49.99, [['Black'], ['White']])),
  R('accessories', 'Anker', 'Nano Charger', '', '', '20W USB-C Charger', colours(19.99, [['White'], ['Black']])),
  R('accessories', 'Anker', 'Prime Charger', '', '', '100W GaN USB-C Charger', one(84.99, { colour: 'Black' })),
  R('accessories', 'Belkin', 'BoostCharge Pro 3-in-1', '', 'WIZ017', 'Wireless Charging Pad with MagSafe', colours(149.99, [['Black'], ['White']])),
  R('accessories', 'Razer', 'DeathAdder V3 Pro', '', '', 'Wireless Gaming Mouse', colours(149.99, [['Black', 'RZ01-04630100-R3U1'], ['White', 'RZ01-04630200-R3U1']])),
  R('accessories', 'Razer', 'BlackWidow V4 Pro', '', '', 'Mechanical Gaming Keyboard', one(229.99, { colour: 'Black', mpn: 'RZ03-04680100-R3U1' })),
  R('accessories', 'Razer', 'Viper V3 Pro', '', '', 'Wireless Gaming Mouse', colours(159.99, [['Black'], ['White']])),
  R('accessories', 'Corsair', 'K70 RGB PRO', '', '', 'Mechanical Gaming Keyboard', one(159.99, { colour: 'Black', mpn: 'CH-9109410-NA' })),
  R('accessories', 'Keychron', 'Q1 Pro', '', '', 'Wireless Custom Mechanical Keyboard', colours(199, [['Carbon Black'], ['Shell White']])),
  R('accessories', 'Elgato', 'Stream Deck MK.2', '', '', 'Studio Controller', one(149.99, { colour: 'Black', mpn: '10GBA9901' })),
  R('accessories', 'Samsung', 'Galaxy SmartTag2', '', 'EI-T5600', 'Bluetooth Tracker', colours(29.99, [['Black'], ['White']])),
  R('accessories', 'Philips', 'Sonicare 4100', '', 'HX3681/23', 'Rechargeable Electric Toothbrush', colours(49.96, [['Black'], ['White']])),
  R('accessories', 'Oral-B', 'iO Series 9', '', '', 'Rechargeable Electric Toothbrush', colours(329.99, [['Black Onyx'], ['Rose Quartz']])),
  R('accessories', 'Tile', 'Mate', '', '(2024)', 'Bluetooth Tracker 4-Pack', one(79.99, { colour: 'Black' })),

  // ── Printers ──
  R('printers', 'HP', 'OfficeJet Pro', '', '9125e', 'Wireless All-in-One Printer', one(279.99, { mpn: '403X0A' })),
  R('printers', 'HP', 'OfficeJet Pro', '', '8135e', 'Wireless All-in-One Printer', one(229.99)),
  R('printers', 'HP', 'ENVY Inspire', '', '7955e', 'Wireless All-in-One Printer', one(219.99)),
  R('printers', 'HP', 'DeskJet', '', '2855e', 'Wireless All-in-One Printer', one(84.99)),
  R('printers', 'HP', 'LaserJet Pro', '', 'MFP 4101fdw', 'Wireless Laser Printer', one(549.99, { mpn: '2Z619F' })),
  R('printers', 'HP', 'LaserJet', '', 'M209dwe', 'Wireless Black and White Laser Printer', one(159.99)),
  R('printers', 'HP', 'Smart Tank', '', '7602', 'Wireless All-in-One Supertank Printer', one(399.99)),
  R('printers', 'Canon', 'PIXMA', '', 'TR8620a', 'Wireless All-in-One Printer', one(199.99, { colour: 'Black' })),
  R('printers', 'Canon', 'PIXMA', '', 'TS6420a', 'Wireless All-in-One Printer', one(119.99, { colour: 'Black' })),
  R('printers', 'Canon', 'PIXMA', '', 'G7020', 'MegaTank All-in-One Printer', one(349.99, { colour: 'Black', mpn: '3114C002' })),
  R('printers', 'Canon', 'imageCLASS', '', 'MF275dw', 'Wireless Laser Printer', one(249.99, { mpn: '5621C006' })),
  R('printers', 'Canon', 'SELPHY', '', 'CP1500', 'Compact Photo Printer', colours(149.99, [['Black', '5539C001'], ['White', '5540C001']])),
  R('printers', 'Epson', 'EcoTank', '', 'ET-2850', 'Wireless All-in-One Supertank Printer', colours(299.99, [['White', 'C11CJ63201'], ['Black']])),
  R('printers', 'Epson', 'EcoTank', '', 'ET-4850', 'Wireless All-in-One Supertank Printer', one(449.99, { mpn: 'C11CJ60201' })),
  R('printers', 'Epson', 'EcoTank Photo', '', 'ET-8550', 'Wireless Wide-Format Supertank Printer', one(749.99, { mpn: 'C11CJ21201' })),
  R('printers', 'Epson', 'Expression Home', '', 'XP-4200', 'Wireless All-in-One Printer', one(99.99)),
  R('printers', 'Brother', '', '', 'HL-L2460DW', 'Wireless Compact Monochrome Laser Printer', one(169.99)),
  R('printers', 'Brother', '', '', 'MFC-L2820DW', 'Wireless Compact Monochrome All-in-One Laser Printer', one(249.99)),
  R('printers', 'Brother', '', '', 'HL-L3280CDW', 'Wireless Compact Digital Color Printer', one(329.99)),
  R('printers', 'Brother', '', '', 'MFC-J4335DW', 'INKvestment Tank Wireless All-in-One Printer', one(199.99)),
];
