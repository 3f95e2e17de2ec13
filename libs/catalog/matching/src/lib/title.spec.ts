import { cleanTitle, productName, representativeTitle } from './title';

describe('cleanTitle', () => {
  it('writes the brand once, in its own spelling', () => {
    expect(cleanTitle('APPLE Apple Watch Series 9 GPS 45mm Midnight', 'Apple')).toBe('Apple Watch Series 9 GPS 45mm Midnight');
    expect(cleanTitle('Apple - iPad 10.9-inch A16 128GB Wi-Fi - Silver', 'Apple')).toBe('Apple iPad 10.9-inch A16 128GB Wi-Fi - Silver');
    expect(cleanTitle('LOGITECH MX Keys S 910-006130 Wireless Mouse Rose', 'Logitech')).toBe('Logitech MX Keys S 910-006130 Wireless Mouse Rose');
    expect(cleanTitle('MX Mechanical 3 910-005155 Wireless Mouse Pale Gray', 'Logitech')).toBe('Logitech MX Mechanical 3 910-005155 Wireless Mouse Pale Gray');
    expect(cleanTitle('HP Pavilion 14 Laptop', 'HP')).toBe('HP Pavilion 14 Laptop');
  });

  it('drops listing noise at either end', () => {
    expect(cleanTitle('NEW SEALED Sony WH-1000XM5 Headphones Black Free Shipping', 'Sony')).toBe('Sony WH-1000XM5 Headphones Black');
    expect(cleanTitle('Brand New Bose QuietComfort Ultra Headphones w/ Box', 'Bose')).toBe('Bose QuietComfort Ultra Headphones');
    expect(cleanTitle('Dyson V15 Detect Cordless Vacuum, Black (Renewed)', null)).toBe('Dyson V15 Detect Cordless Vacuum, Black');
  });
});

describe('representativeTitle', () => {
  it('takes the title that holds what most offers say, without the marketing few repeat', () => {
    const title = representativeTitle([
      { title: 'APPLE Apple Watch Series 9 GPS 45mm Midnight Fitness Tracker', brand: 'Apple' },
      { title: 'Apple Watch Series 9 GPS 45mm, Heart Rate Monitor, Water Resistant, Midnight', brand: 'Apple' },
      { title: 'Apple - 45mm Apple Watch Series 9 GPS - Midnight', brand: 'Apple' },
      { title: 'Apple Watch Series 9 GPS 45mm - Midnight', brand: 'Apple' },
    ]);
    expect(title).toBe('Apple Watch Series 9 GPS 45mm - Midnight');
  });

  it('takes the shorter of two titles, the first of two as long', () => {
    expect(representativeTitle([{ title: 'Sony WH-1000XM5 Wireless Headphones, Black', brand: 'Sony' }, { title: 'Sony - WH-1000XM5 - Black', brand: 'Sony' }])).toBe('Sony WH-1000XM5 - Black');
    expect(representativeTitle([{ title: 'Sony WH-1000XM5 Black' }, { title: 'Sony WH-1000XM5 Olive' }])).toBe('Sony WH-1000XM5 Black');
  });

  it('prefers the titles of new items and answers null for no titles', () => {
    expect(representativeTitle([{ title: 'Refurbished Sony WH-1000XM5 Black', brand: 'Sony' }, { title: 'Sony WH-1000XM5 Headphones', brand: 'Sony' }])).toBe('Sony WH-1000XM5 Headphones');
    expect(representativeTitle([{ title: 'Used Sony WH-1000XM5 Black', brand: 'Sony' }])).toBe('Sony WH-1000XM5 Black');
    expect(representativeTitle([])).toBeNull();
  });
});

/** The name of a product from its listings, a shop and a title each, all of one brand (or of none). */
function nameFrom(brand: string | null, listings: ReadonlyArray<[retailerId: string, title: string]>): string | null {
  return productName(listings.map(([retailerId, title]) => (brand === null ? { retailerId, title } : { retailerId, title, brand })));
}

describe('productName', () => {
  it('names a product by the words most of its shops agree on, leaving out what one shop adds', () => {
    expect(nameFrom('Sony', [
      ['amazon', 'Sony WH-1000XM5 Wireless Noise Canceling Headphones, Best Gift, Black'],
      ['walmart', 'Sony WH-1000XM5 Wireless Headphones - Black'],
      ['bestbuy', 'Sony - WH-1000XM5 Wireless Noise-Canceling Headphones - Black'],
    ])).toBe('Sony WH-1000XM5 Wireless Noise-Canceling Headphones (Black)');
    expect(nameFrom('Samsung', [
      ['amazon', 'SAMSUNG 65-Inch Class QLED 4K Q80D Series Smart TV QN65Q80D (2024 Model)'],
      ['bestbuy', 'Samsung - 65" Class Q80D Series QLED 4K Smart Tizen TV QN65Q80D'],
    ])).toBe('Samsung Q80D Series QLED 4K Smart TV QN65Q80D (65")');
    // A size written in two words.
    expect(nameFrom('TCL', [
      ['ebay', 'TCL Q6 65Q651F 65 in. QLED 4K Google TV'],
      ['newegg', 'TCL Q6 65Q651F 65" QLED 4K Google TV Dolby Vision'],
    ])).toBe('TCL Q6 65Q651F QLED 4K Google TV (65")');
  });

  it('keeps what tells one variant from another: model numbers, sizes, capacities and colours', () => {
    expect(nameFrom('Apple', [
      ['apple', 'iPad Air 11-inch M2 128GB - Space Gray'],
      ['target', 'Apple iPad Air 11-inch Wi-Fi 128GB Space Gray'],
      ['walmart', 'Apple iPad Air 11" (M2) 128GB Wi-Fi Tablet, Space Gray'],
    ])).toBe('Apple iPad Air Wi-Fi (11", 128GB, Space Gray)');
  });

  it('agrees on a word one shop writes in the singular whose plural adds “s” after an “e” (“Headphone”, “Headphones”)', () => {
    expect(nameFrom('Beats', [
      ['ebay', 'Beats Studio Pro Wireless Noise Cancelling Headphone Navy'],
      ['newegg', 'BEATS Studio Pro Wireless Noise Cancelling Headphones Navy'],
    ])).toBe('Beats Studio Pro Wireless Noise Cancelling Headphone (Navy)');
  });

  it('writes out a colour its listing writes short where most listings write it out', () => {
    expect(nameFrom('Samsung', [
      ['bestbuy', 'Samsung - Galaxy S24 Ultra SM-S928U 512GB Unlocked Smartphone - Titanium Gray'],
      ['costco', 'Samsung Galaxy S24 Ultra SM-S928U 512GB Unlocked Smartphone with Case'],
      ['ebay', 'NEW SEALED Samsung Galaxy S24 Ultra SM-S928U 512GB Unlocked Smartphone Titanium'],
      ['walmart', 'Samsung Galaxy S24 Ultra SM-S928U Unlocked Smartphone, 512GB, Titanium Gray'],
    ])).toBe('Samsung Galaxy S24 Ultra SM-S928U Unlocked Smartphone (512GB, Titanium Gray)');
    // One listing's longer colour is no reason: it may be that shop's own.
    expect(nameFrom('Apple', [
      ['apple', 'iPhone 16 Pro 256GB Black Titanium'],
      ['walmart', 'Apple iPhone 16 Pro, 256GB, Black Titanium'],
      ['ebay', 'Apple iPhone 16 Pro 256GB - Black Titanium Matte'],
    ])).toBe('Apple iPhone 16 Pro (256GB, Black Titanium)');
  });

  it('keeps a number’s unit that one shop glues to it and another writes apart', () => {
    expect(nameFrom('Polaroid', [
      ['walmart', 'Polaroid I1237 Pink 12MP Digital Camera W 3x Optical Zoom 2.7 LCD Display'],
      ['amazon', 'Polaroid CIA-1237PC 12 Mp Digital Camera with 3x Optical Zoom Pink'],
    ])).toBe('Polaroid 12 Mp Digital Camera with 3x Optical Zoom (Pink)');
  });

  it('says a colour the listing writes in two places once', () => {
    expect(nameFrom('Apple', [
      ['amazon', 'Apple Watch Series 10 GPS 42mm Jet Black Aluminum Case with Black Sport Band'],
      ['bestbuy', 'Apple Watch Series 10 GPS 42mm Jet Black Aluminum Case Black Sport Band'],
    ])).toBe('Apple Watch Series 10 GPS 42mm Aluminum Case Sport Band (Jet Black)');
  });

  it('reads two colours joined by a sign as one colour', () => {
    expect(nameFrom('Marshall', [
      ['bestbuy', 'Marshall - Emberton III Portable Bluetooth Speaker - Black & Brass'],
      ['amazon', 'Marshall Emberton III Portable Bluetooth Speaker, Rich Sound, Black & Brass'],
      ['walmart', 'Marshall Emberton III Portable Bluetooth Speaker, Black & Brass'],
    ])).toBe('Marshall Emberton III Portable Bluetooth Speaker (Black & Brass)');
  });

  it('puts the variant into the brackets the name ends with', () => {
    expect(nameFrom('Apple', [
      ['bestbuy', 'Apple - Magic Mouse (USB-C) - Black'],
      ['walmart', 'Apple Magic Mouse (USB-C), Black'],
      ['amazon', 'Apple Magic Mouse (USB-C), Rechargeable, Black'],
    ])).toBe('Apple Magic Mouse (USB-C, Black)');
  });

  it('keeps a generation whole, and a capacity with what it is of', () => {
    expect(nameFrom('Apple', [
      ['bestbuy', 'Apple - HomePod (2nd generation) Smart Speaker - White'],
      ['newegg', 'APPLE HomePod (2nd generation) Smart Speaker White Bluetooth'],
      ['target', 'Apple HomePod (2nd generation) Smart Speaker - White'],
    ])).toBe('Apple HomePod (2nd generation) Smart Speaker (White)');
    expect(nameFrom('Lenovo', [
      ['amazon', 'Lenovo IdeaPad Slim 3 15IAN8 Laptop, Wi-Fi 6E, 8GB RAM 512GB SSD, Arctic Grey'],
      ['bestbuy', 'Lenovo - IdeaPad Slim 3 15IAN8 8GB RAM 512GB SSD Laptop - Arctic Grey'],
      ['walmart', 'Lenovo IdeaPad Slim 3 15IAN8 Laptop, 8GB RAM 512GB SSD, Arctic Grey'],
    ])).toBe('Lenovo IdeaPad Slim 3 15IAN8 Laptop (8GB RAM, 512GB SSD, Arctic Grey)');
  });

  it('reads the colour another shop ends its listing with where this listing runs it into other words', () => {
    expect(nameFrom('Dell', [
      ['bestbuy', 'Dell - Inspiron 14 2-in-1 7440 16GB RAM 512GB SSD Laptop - Ice Blue'],
      ['ebay', 'Dell Inspiron 14 2-in-1 7440 16GB RAM 512GB SSD Laptop Ice Blue'],
      ['walmart', 'Dell Inspiron 14 2-in-1 7440 Laptop, 16GB RAM 512GB SSD, Ice Blue'],
    ])).toBe('Dell Inspiron 14 2-in-1 7440 Laptop (16GB RAM, 512GB SSD, Ice Blue)');
    expect(nameFrom('Nintendo', [
      ['ebay', 'Nintendo Switch OLED Model Console Neon Red/Neon Blue w/ Box'],
      ['bestbuy', 'Nintendo - Switch OLED Model Console - Neon Red/Neon Blue'],
      ['newegg', 'NINTENDO Switch OLED Model Console Neon Red/Neon Blue Next-Gen'],
    ])).toBe('Nintendo Switch OLED Model Console (Neon Red/Neon Blue)');
    // A colour no list holds, where two listings end with it alone.
    expect(nameFrom('Amazon', [
      ['amazon', 'Amazon Kindle Paperwhite (12th Generation) E-Reader, Wi-Fi, 16GB, Raspberry'],
      ['walmart', 'Amazon Kindle Paperwhite (12th Generation) E-Reader, 16GB, Raspberry'],
      ['target', 'Amazon Kindle Paperwhite (12th Generation) 16GB E-Reader - Raspberry'],
      ['ebay', 'Amazon Kindle Paperwhite (12th Generation) 16GB E-Reader Raspberry US Seller'],
    ])).toBe('Amazon Kindle Paperwhite (12th Generation) E-Reader (16GB, Raspberry)');
    // A shop's short form is spelled out; a colour a feature is named by is no colour.
    expect(nameFrom('Keurig', [
      ['target', 'Keurig K-Mini Single Serve Coffee Maker - Black'],
      ['ebay', 'Keurig K-Mini Single Serve Coffee Maker Blk'],
    ])).toBe('Keurig K-Mini Single Serve Coffee Maker (Black)');
    expect(nameFrom('Acer', [
      ['amazon', 'Acer SB242Y Ebi 24" Full HD Monitor, Low Blue Light, Eye Care'],
      ['newegg', 'ACER SB242Y Ebi 24" Full HD Monitor Low Blue Light'],
      ['walmart', 'Acer SB242Y Ebi 24-Inch Full HD Monitor'],
    ])).toBe('Acer SB242Y Ebi Full HD Monitor Low Blue Light (24")');
  });

  it("counts a shop's listings once, and names a product of one shop by its cleaned listing", () => {
    expect(nameFrom('Bose', [
      ['ebay', 'NEW Bose QuietComfort Ultra Earbuds Black FAST SHIP'],
      ['ebay', 'Bose QuietComfort Ultra Earbuds Black Sealed Gift'],
    ])).toBe('Bose QuietComfort Ultra Earbuds Black');
    // A word one listing says twice is said once; a one-word colour most shops end with is the variant.
    expect(nameFrom('Samsung', [
      ['newegg', 'SAMSUNG The Frame QN75LS03D 75" QLED 4K Smart TV Smart TV'],
      ['target', 'Samsung The Frame QN75LS03D 75-Inch QLED 4K Smart TV'],
    ])).toBe('Samsung The Frame QN75LS03D QLED 4K Smart TV (75")');
    // Colours after "with" are of what the product comes with, not its own.
    expect(nameFrom('Nintendo', [
      ['walmart', 'Nintendo Switch Console with Neon Blue and Neon Red Joy-Con'],
      ['bestbuy', 'Nintendo - Switch Console with Neon Blue and Neon Red Joy-Con'],
      ['amazon', 'Nintendo Switch Console with Neon Blue and Neon Red Joy-Con, Gaming, Immersive Play'],
    ])).toBe('Nintendo Switch Console with Neon Blue and Neon Red Joy-Con');
    expect(nameFrom('Polaroid', [
      ['amazon', 'Polaroid CIA-1237PC 12 Mp Digital Camera with 3x Optical Zoom Pink'],
      ['walmart', 'Polaroid I1237 Pink 12MP Digital Camera W 3x Optical Zoom 2.7 LCD Display'],
    ])).toMatch(/Zoom \(Pink\)$/);
    // What comes with one shop's listing is left out with the words it says again ("Camera Bag" of a camera).
    expect(nameFrom('Nikon', [
      ['costco', 'Nikon Z8 Body Only Mirrorless Camera with Camera Bag'],
      ['amazon', 'Nikon Z8 Mirrorless Camera, Image Stabilization, Content Creation, Body Only'],
    ])).toBe('Nikon Z8 Body Only Mirrorless Camera');
    // A word said again in another phrase stays; the brand is said once.
    const visualStudio = nameFrom('Microsoft', [
      ['google', 'Microsoft Software Microsoft Visual Studio Team Edition 2005 Premium Renewal'],
      ['amazon', 'Microsoft Software Visual Studio Team Edition 2005 Premium Renewal by Microsoft'],
    ]);
    expect(visualStudio).toMatch(/^Microsoft .*Visual Studio Team Edition 2005/);
    expect(visualStudio?.match(/Microsoft/g)).toHaveLength(1);
    expect(nameFrom('Seagate', [
      ['amazon', 'Seagate Portable Drive 5TB External Hard Drive, Black'],
      ['walmart', 'Seagate Portable Drive 5TB External Hard Drive - Black'],
    ])).toBe('Seagate Portable Drive External Hard Drive (5TB, Black)');
    expect(nameFrom('Anker', [
      ['walmart', 'Anker Nano Charger 20W USB-C Charger, White'],
      ['amazon', 'Anker Nano Charger 20W USB-C Charger, Compatible with iPhone, Compact Design, White'],
    ])).toBe('Anker Nano Charger 20W USB-C Charger (White)');
    expect(nameFrom('Beats', [
      ['target', 'Beats Studio Pro Wireless Noise Cancelling Headphones - Sandstone'],
      ['bestbuy', 'Beats - Studio Pro Wireless Noise Cancelling Headphones - Sandstone'],
      ['amazon', 'Beats Studio Pro Wireless Noise Canceling Headphones, with Mic for Phone Calls, Sandstone'],
    ])).toBe('Beats Studio Pro Wireless Noise Cancelling Headphones (Sandstone)');
    // A colour that ends the one shop's listing is in brackets, as in every other name.
    expect(productName([{ title: 'Dyson V15 Detect Cordless Vacuum, Yellow (Renewed)', brand: 'Dyson' }])).toBe('Dyson V15 Detect Cordless Vacuum (Yellow)');
    expect(productName([{ title: 'Anker Nano Charger 20W USB-C Charger, Compact Design, Black', brand: 'Anker' }])).toBe('Anker Nano Charger 20W USB-C Charger, Compact Design (Black)');
    expect(productName([{ title: 'Apple Magic Mouse (USB-C) - White', brand: 'Apple' }])).toBe('Apple Magic Mouse (USB-C, White)');
    expect(productName([{ title: 'Bose QuietComfort Ultra Earbuds', brand: 'Bose' }])).toBe('Bose QuietComfort Ultra Earbuds');
    expect(productName([{ title: 'Nothing Phone (2a) Unlocked Smartphone (128GB, White)', brand: 'Nothing' }])).toBe('Nothing Phone (2a) Unlocked Smartphone (128GB, White)');
    expect(productName([])).toBeNull();
  });

  it('keeps the listing when the shops agree on too little of it, and reads no variant after a joining word', () => {
    // Real listings of one item (ER-Magellan Abt-Buy, Amazon-Google valid splits).
    expect(nameFrom(null, [
      ['abt', 'belkin cush top for computer laptop f8n044slv'],
      ['buy', 'belkin cushtop f8n044-slv'],
    ])).toBe('belkin cushtop f8n044-slv');
    expect(nameFrom(null, [
      ['amazon', 'the sims 2 : open for business expansion pack'],
      ['google', 'sims 2 open for business'],
    ])).toBe('sims 2 open for business');
  });

  it('writes out a word the listing abbreviates as most shops write it', () => {
    const offers: Array<[string, string]> = [
      ['amazon', 'Sony WH-CH520 Wireless On-Ear Headphones, with Mic for Phone Calls, White'],
      ['costco', 'Sony WH-CH520 Wireless On-Ear Headphones with Carrying Case'],
      ['ebay', 'Sony WH-CH520 Wrls On-Ear Headphones White'],
    ];
    expect(nameFrom('Sony', offers)).toBe('Sony WH-CH520 Wireless On-Ear Headphones (White)');
    // Its colour's shops, who write the word out, name the other colour alike.
    expect(nameFrom('Sony', [
      ['bestbuy', 'Sony - WH-CH520 Wireless On-Ear Headphones - Blue'],
      ['ebay', 'WH-CH520 Wrls On-Ear Headphones Blue Free Shipping'],
      ['walmart', 'Sony WH-CH520 Wireless On-Ear Headphones, Blue'],
    ])).toBe('Sony WH-CH520 Wireless On-Ear Headphones (Blue)');
    // A word half the shops write is not written out for the other half's abbreviation.
    expect(nameFrom('Anker', [
      ['a', 'Anker Prtbl Charger 20000mAh'],
      ['b', 'Anker Portable Charger 20000mAh'],
    ])).toBe('Anker Charger 20000mAh');
  });

  it('keeps the listing when what the shops agree on is the brand alone', () => {
    expect(nameFrom('Anker', [
      ['a', 'Anker Charger'],
      ['b', 'Anker Power Bank'],
    ])).toBe('Anker Charger');
  });
});
