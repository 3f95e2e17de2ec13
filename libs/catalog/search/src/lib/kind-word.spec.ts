import { listingsCatalog } from './testing/listings-catalog';
import { kindOnlyAsPurpose } from './kind-word';

const LISTINGS: Record<number, string[]> = {
  1: ['Sony WH-1000XM5 Wireless Headphones, with Mic for Phone Calls, Black', 'SONY WH-1000XM5 Headphones Black with Mic for Phone Calls'],
  2: ['Nothing Phone (2a) Unlocked Smartphone (128GB, White)'],
  3: ['Dell UltraSharp 32" U3225QE 4K Monitor with HDMI Cable Bundle', 'Dell U3225QE 4K Hub Monitor w/ HDMI Cable'],
  4: ['Anker USB-C to HDMI Cable 6ft'],
  5: ['Apple AirPods Pro 2 Wireless Earbuds with MagSafe Charging Case (USB-C)'],
  6: ['Apple Watch Series 9 GPS 41mm Aluminum Case with Sport Band, Fitness Tracker, Sleep Tracking, Starlight'],
  7: ['Dell XPS 13 9340 Laptop (32GB RAM, 1TB SSD, Graphite)'],
  8: ['Crucial X9 Pro Portable SSD (1TB)'],
  9: ['LG OLED evo C4 65" Class OLED65C4PUA 4K Smart TV with Soundbar'],
  10: ['Bose Smart Soundbar Wireless Dolby Atmos (Black)'],
  11: ['Adobe Photoshop CS3 for Mac'],
  12: ['Wacom Intuos Pen Tablet with Photoshop Elements'],
  13: ['Lenovo Legion 5 16IRX9 Gaming Laptop, 16GB RAM 1TB SSD, Luna Grey', 'Lenovo - Legion 5 16IRX9 16GB RAM 1TB SSD Gaming Laptop - Luna Grey'],
  14: ['Samsung T7 1TB SSD, Titan Gray', 'SAMSUNG T7 Portable SSD 1TB USB 3.2'],
  15: ['Apple iPhone 16 128GB Black', 'iPhone 16 128 GB - Black (Unlocked)'],
  16: ['Amazon Echo Dot (5th Gen) Smart Speaker with Alexa, Charcoal'],
  17: ['Amazon Echo (4th Gen) Smart Speaker with Alexa - Glacier White'],
  18: ['Amazon Echo Show 8 Smart Display with Alexa'],
  19: ['Microsoft Xbox Elite Wireless Controller Series 2 with Game Bundle', 'Microsoft Xbox Elite Wireless Controller Series 2'],
  20: ['Logitech MX Keys S Wireless Keyboard Compatible with Mac and PC (Pale Gray)', 'Logitech MX Keys S Keyboard - Pale Gray, with Mac Layout'],
  21: ['Samsung The Frame 55" QLED 4K Smart TV with Wall Mount Kit', 'Samsung The Frame QN55LS03D 4K Smart TV', 'Samsung QN55LS03D The Frame 55 inch TV'],
  22: ['LG OLED evo C3 65" 4K Smart TV', 'LG C3 OLED65C3PUA Smart TV with Wall Mount Kit', 'LG OLED65C3PUA 65 inch OLED TV'],
  23: ['TCL 55" Q6 QLED 4K Google TV', 'TCL 55Q651F 4K TV with Wall Mount Kit', 'TCL Q6 55Q651F QLED TV'],
};
const NAMES: Record<number, string> = {
  13: 'Lenovo Legion 5 16IRX9 Gaming Laptop (16GB RAM, 1TB SSD, Luna Grey)',
  14: 'Samsung T7 Portable SSD (1TB, Titan Gray)',
  15: 'Apple iPhone 16 (128GB, Black)',
};
const catalog = listingsCatalog(LISTINGS, NAMES);

describe('kindOnlyAsPurpose', () => {
  it('names the products whose listings hold the kind sought only as what they are for or come with', async () => {
    expect([...(await kindOnlyAsPurpose(catalog, 'sony phone', [1, 2]))]).toEqual([1]);
    expect([...(await kindOnlyAsPurpose(catalog, 'hdmi cable', [3, 4]))]).toEqual([3]);
    expect([...(await kindOnlyAsPurpose(catalog, 'airpods case', [5]))]).toEqual([5]);
    // The kind in either number: "games" of a listing's "with Game Bundle".
    expect([...(await kindOnlyAsPurpose(catalog, 'xbox games', [19]))]).toEqual([19]);
  });

  it('reads a kind word right before the word its product’s category names the kind by as what the item has, not is', async () => {
    const filed = listingsCatalog(
      { 1: ['Dell UltraSharp U2723QE 4K USB-C Hub Monitor', 'Dell - UltraSharp 27" 4K USB-C Hub Monitor (U2723QE)'], 2: ['Anker 7-in-1 USB-C Hub'], 3: ['Sony Headphones Case'] },
      {},
      {},
      { 1: 'Monitors', 2: 'Accessories', 3: 'Headphones' },
    );
    expect([...(await kindOnlyAsPurpose(filed, 'usb c hub', [1, 2]))]).toEqual([1]);
    // The category's own word, and a word before any other, are the item's kind.
    expect((await kindOnlyAsPurpose(filed, 'dell monitor', [1])).size).toBe(0);
    expect((await kindOnlyAsPurpose(filed, 'sony case', [3])).size).toBe(0);
  });

  it('reads an everyday kind that a few of a product’s shops add, its name lacking it and its category another kind’s, as none of its kinds', async () => {
    const listings = {
      1: ['Anker 737 Power Bank A1289 PowerCore 24K - Black', 'Anker 737 Power Bank A1289 PowerCore 24K, Charges Laptops, Fast Charging, Black', 'ANKER 737 Power Bank A1289 PowerCore 24K Black'],
      2: ['Dell XPS 13 9340 Laptop, 32GB RAM 1TB SSD', 'Dell - XPS 13 9340 13.4" Laptop - Graphite'],
      3: ['Sony WH-1000XM5 Wireless Headphones', 'Sony WH-1000XM5 Noise Canceling (Black)', 'Sony WH1000XM5/B Black'],
    };
    const names = { 1: 'Anker 737 Power Bank A1289 PowerCore 24K (Black)', 2: 'Dell XPS 13 9340 Laptop (32GB RAM, 1TB SSD, Graphite)', 3: 'Sony WH-1000XM5 Noise Canceling (Black)' };
    const filed = listingsCatalog(listings, names, {}, { 1: 'Accessories', 2: 'Laptops', 3: 'Headphones' });
    expect([...(await kindOnlyAsPurpose(filed, 'laptops', [1, 2]))]).toEqual([1]);
    // Filed under the kind, a product is of it however few of its shops say so; as is one most of its shops say it of.
    expect((await kindOnlyAsPurpose(filed, 'headphones', [3])).size).toBe(0);
    expect((await kindOnlyAsPurpose(listingsCatalog(listings, names, {}, { 1: 'Power Banks & Chargers', 2: 'Laptops', 3: 'Audio' }), 'laptops', [1, 2])).size).toBe(0);
    expect((await kindOnlyAsPurpose(listingsCatalog(listings, names, {}, { 1: 'Accessories', 2: 'Laptops', 3: 'Audio' }), 'power bank', [1])).size).toBe(0);
    // Words copied from the beginning of a listing are its name.
    const riser = listingsCatalog(
      { 1: ['Fellowes Goriser Laptop Elevator', 'Fellowes Laptop Goriser', 'Fellowes 8030401 Laptop Goriser'] },
      { 1: 'Fellowes Laptop Goriser' },
      {},
      { 1: 'Electronics - General' },
    );
    expect((await kindOnlyAsPurpose(riser, 'fellowes goriser laptop elevator', [1])).size).toBe(0);
    // A listing that names the item by it keeps the item of the kind.
    expect((await kindOnlyAsPurpose(riser, 'laptop elevator', [1])).size).toBe(0);
  });

  it('reads the beginning of a listing copied from its maker’s name on as its name, wherever the copy stops', async () => {
    const filed = listingsCatalog(
      { 1: ['Razer Pro Click Mobile Notebook Mouse Pink'], 2: ['Polaroid i1237 Pink 12MP Digital Camera w 3x Optical Zoom'], 3: ['Dell UltraSharp U2723QE 4K USB-C Hub Monitor'] },
      {},
      { 1: 'Razer', 2: 'Polaroid', 3: 'Dell' },
      { 1: 'Mice', 2: 'Digital Cameras', 3: 'Monitors' },
    );
    expect((await kindOnlyAsPurpose(filed, 'Razer Pro Click Mobile Notebook', [1])).size).toBe(0);
    expect((await kindOnlyAsPurpose(filed, 'polaroid i1237 pink 12mp digital', [2])).size).toBe(0);
    expect((await kindOnlyAsPurpose(filed, 'dell ultrasharp u2723qe 4k usb-c hub', [3])).size).toBe(0);
    // Fewer words, words not from the listing's beginning, or without the maker's name, are words of a kind sought.
    expect([...(await kindOnlyAsPurpose(filed, 'razer notebook', [1]))]).toEqual([1]);
    expect([...(await kindOnlyAsPurpose(filed, 'razer mobile notebook', [1]))]).toEqual([1]);
    expect([...(await kindOnlyAsPurpose(filed, 'pro click mobile notebook', [1]))]).toEqual([1]);
    expect([...(await kindOnlyAsPurpose(filed, '4k usb-c hub', [3]))]).toEqual([3]);
    // A maker the catalog does not know: the words copied begin with a name, no everyday word.
    const unmade = listingsCatalog({ 1: ['Cisco PGW2200 Includes Redundnt'], 2: ['4K USB-C Hub Monitor 27 inch'] }, {}, {}, { 2: 'Monitors' });
    expect((await kindOnlyAsPurpose(unmade, 'Cisco PGW2200 Includes Redundnt', [1])).size).toBe(0);
    expect([...(await kindOnlyAsPurpose(unmade, '4k usb-c hub', [2]))]).toEqual([2]);
  });

  it('reads the maker’s name typed last as no kind of its products', async () => {
    const filed = listingsCatalog({ 1: ['Apple iPod Shuffle 4GB Pink 4th Gen'], 2: ['Belkin Case for Apple iPod Shuffle'] }, {}, { 1: 'Apple', 2: 'Belkin' }, { 1: 'iPod', 2: 'iPod' });
    expect([...(await kindOnlyAsPurpose(filed, 'ipod shuffle 4gb pink apple', [1, 2]))]).toEqual([2]);
  });

  it('reads a kind word typed after a number and a word as the end of a code where a listing writes the three so', async () => {
    const coded = listingsCatalog({ 1: ['Route 66 Mobile 7 USA/Cdn for Windows Mobile 5 ( USA-7100-WMS )'] });
    expect((await kindOnlyAsPurpose(coded, 'usa 7100 wms', [1])).size).toBe(0);
    expect([...(await kindOnlyAsPurpose(coded, '66 wms', [1]))]).toEqual([1]);
    expect([...(await kindOnlyAsPurpose(coded, 'cdn 7100 wms', [1]))]).toEqual([1]);
  });

  it('reads what a listing states in brackets as its variant, not its kind, whatever the kind word', async () => {
    expect([...(await kindOnlyAsPurpose(catalog, '1tb ssd', [7, 8]))]).toEqual([7]);
    // Unless the words typed open a bracket themselves: they copy the listing's variant.
    expect((await kindOnlyAsPurpose(catalog, 'dell xps 13 (32gb ram, 1tb ssd', [7])).size).toBe(0);
  });

  it('reads a part whose size a product’s name gives in its variant as no kind of its own, though its shops write it unbracketed', async () => {
    expect([...(await kindOnlyAsPurpose(catalog, '1tb ssd', [13, 14]))]).toEqual([13]);
    expect([...(await kindOnlyAsPurpose(catalog, '16gb ram', [13]))]).toEqual([13]);
    // Unless another everyday word typed is the name's own: a laptop with a 1 TB SSD is sought.
    expect((await kindOnlyAsPurpose(catalog, 'laptop 1tb ssd', [13, 14])).size).toBe(0);
    expect((await kindOnlyAsPurpose(catalog, 'gaming laptop', [13])).size).toBe(0);
    // A colour in the variant is no part: the listings decide, and they write it as the phone's.
    expect((await kindOnlyAsPurpose(catalog, 'iphone 16 black', [15])).size).toBe(0);
    // Unnamed, the laptop's listings say it is an SSD.
    expect((await kindOnlyAsPurpose(listingsCatalog(LISTINGS), '1tb ssd', [13, 14])).size).toBe(0);
  });

  it('reads what a listing comes with as no kind of its own whatever the kind word, and what it is for only for an everyday word', async () => {
    // "Soundbar" is no everyday English word, and the TV only comes with one.
    expect([...(await kindOnlyAsPurpose(catalog, 'soundbar', [9, 10]))]).toEqual([9]);
    // A name after "for" is what the listing is: Photoshop "for Mac" is a Mac edition.
    expect((await kindOnlyAsPurpose(catalog, 'adobe photoshop cs3 mac', [11])).size).toBe(0);
    expect([...(await kindOnlyAsPurpose(catalog, 'photoshop', [12]))]).toEqual([12]);
  });

  it('reads a name typed last beside an everyday word a listing writes as its own as what that item is for', async () => {
    expect([...(await kindOnlyAsPurpose(catalog, 'logitech keyboard mac', [20]))]).toEqual([]);
    expect([...(await kindOnlyAsPurpose(catalog, 'logitech mac', [20]))]).toEqual([20]);
    // The maker's name is no other kind, though an English word: "Apple MagSafe Charger" with one shop's power adapter
    // is no power adapter.
    const apple = listingsCatalog({ 1: ['Apple MagSafe Charger (1 m)', 'Apple MagSafe Charger (1 m) with 20W USB-C Power Adapter'] }, {}, { 1: 'Apple' });
    expect([...(await kindOnlyAsPurpose(apple, 'apple 20w usb c power adapter', [1]))]).toEqual([1]);
    // A name written right after the maker's is the item's own, though its category's word follows it.
    const earpods = listingsCatalog({ 1: ['Apple EarPods Headphones with Lightning Connector, with Mic for Phone Calls'] }, {}, { 1: 'Apple' }, { 1: 'Electronics > Headphones' });
    expect([...(await kindOnlyAsPurpose(earpods, 'apple earpods', [1]))]).toEqual([]);
    // An everyday kind typed last is sought as typed: the headphones are no phone, whatever else is typed.
    expect([...(await kindOnlyAsPurpose(catalog, 'sony wireless phone', [1, 2]))]).toEqual([1]);
  });

  it('reads a word no everyday one that several products found all come with as a feature of theirs, not a kind', async () => {
    expect((await kindOnlyAsPurpose(catalog, 'alexa', [16, 17, 18])).size).toBe(0);
    // Beside a product that is of the kind, those that come with it are left out as ever.
    expect([...(await kindOnlyAsPurpose(catalog, 'echo soundbar', [9, 10, 16]))]).toEqual([9]);
    expect([...(await kindOnlyAsPurpose(catalog, 'alexa', [16, 17]))]).toEqual([16, 17]);
  });

  it('reads a word that fewer than half of a product’s listings come with as a shop’s bundle, not a feature', async () => {
    expect([...(await kindOnlyAsPurpose(catalog, 'tv wall mount', [21, 22, 23]))]).toEqual([21, 22, 23]);
  });

  it('names none when the listings write the kind as their own, or not at all, or the words name no kind of letters', async () => {
    expect((await kindOnlyAsPurpose(catalog, 'sony headphones', [1])).size).toBe(0);
    expect((await kindOnlyAsPurpose(catalog, 'headphones for phone calls', [1])).size).toBe(0);
    expect((await kindOnlyAsPurpose(catalog, 'sony speaker', [1])).size).toBe(0);
    // After a comma, a listing says what its item is again.
    expect((await kindOnlyAsPurpose(catalog, 'fitness tracker', [6])).size).toBe(0);
    expect((await kindOnlyAsPurpose(catalog, 'sony wh1000xm5', [1])).size).toBe(0);
    expect((await kindOnlyAsPurpose(catalog, 'phone', [])).size).toBe(0);
  });
});
