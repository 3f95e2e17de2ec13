import { codeColours, colourNames, colourNamesApart, coloursApart, cutColourCompletions, extractColours, extractGenerations, extractLineNumbers, extractModelCandidates, extractQuantities, multipackCounts } from './extract';
import { tokenizeTitle } from './normalise';
import { prepareOffer } from './prepare';

const kinds = (title: string) => extractQuantities(title).map((q) => [q.kind, q.value]);

describe('extractQuantities', () => {
  it('reads a decimal comma before a unit as European shops write a measure, and the inch in their languages', () => {
    expect(kinds('Festplatte 1,5 TB')).toEqual(kinds('Hard Drive 1.5TB'));
    expect(kinds('Kamera 20,1 MP')).toEqual([['resolution', 20]]);
    expect(kinds('Notebook 15,6 Zoll 512 GB SSD')).toEqual(kinds('Notebook 15.6" 512GB SSD'));
    expect(kinds('Téléviseur 55 pouces')).toEqual([['size', 55]]);
    expect(kinds('Televisor 50 pulgadas')).toEqual([['size', 50]]);
    // French shops count in octets; a number after "to" makes it a range.
    expect(kinds('Apple iPhone 15 Pro 1 To Titane naturel')).toEqual(kinds('Apple iPhone 15 Pro 1TB Natural Titanium'));
    expect(kinds('Clé USB SanDisk Ultra 64 Go')).toEqual([['data', 64e9]]);
    expect(kinds('Board game for 2 to 4 players')).toEqual([]);
    expect(kinds('Seagate IronWolf 1,5 To (NAS)')).toEqual([['data', 1.5e12]]);
    expect(kinds('StarTech.com Slim USB 3.0 To VGA External Video Card')).toEqual([]);
    expect(kinds('usb 2.0 to serial db9 adapter')).toEqual([]);
    // A comma before three digits groups thousands; one before no unit parts a list.
    expect(kinds('SSD 7,450MB/s 2TB')).toEqual([['data', 2e12]]);
    expect(tokenizeTitle('Case for iPhone 12,13 Pro')).toEqual(['case', 'iphone', '12', '13', 'pro']);
  });

  it('reads a multipack’s count as European shops write it, and a count of pieces', () => {
    for (const title of ['Duracell AA Batterien 4er Pack', 'Duracell AA Batterien 4er-Packung', 'Piles Duracell AA, lot de 4', 'Pilas Duracell AA pack de 4', 'Pile Duracell AA confezione da 4']) {
      expect({ title, kinds: kinds(title) }).toEqual({ title, kinds: [['pack', 4]] });
    }
    expect(kinds('Duracell AA Batterien, 24 Stück')).toEqual([['pack', 24]]);
    expect(multipackCounts('Duracell AA Batterien, 24 Stück')).toEqual([]);
    expect(multipackCounts('Duracell AA Batterien 24er Pack')).toEqual([24]);
  });

  it('reads a size written with a fraction as its decimal, not the fraction’s digits run on', () => {
    expect(kinds('Garden Hose 1½" x 50 ft')).toEqual(kinds('Garden Hose 1.5" x 50 ft'));
    expect(kinds('Garden Hose 1½" x 50 ft')).not.toContainEqual(['size', 2]);
  });
  it('reads capacities in decimal bytes: 1TB ≡ 1 TB ≡ 1000GB', () => {
    expect(kinds('WD 1TB drive')).toEqual([['data', 1e12]]);
    expect(kinds('WD 1 TB drive')).toEqual([['data', 1e12]]);
    expect(kinds('WD 1000GB drive')).toEqual([['data', 1e12]]);
    expect(kinds('iPhone 15 128 GB')).toEqual([['data', 128e9]]);
  });
  it('reads memory counted in binary as the next unit up, and whole megapixels, as shops state one amount both ways', () => {
    expect(kinds('Evga Geforce Gt 430 Graphics Card with 1024MB DDR3')).toEqual(kinds('Evga Geforce Gt 430 1 Gb DDR3'));
    expect(kinds('Radeon 1536 MB GDDR5')).toEqual([['data', 1.5e9]]);
    expect(kinds('WD 1024GB drive')).toEqual([['data', 1e12]]);
    // Not a binary count: a decimal one stays as it is.
    expect(kinds('Kingston 2000MB stick')).toEqual([['data', 2e9]]);
    expect(kinds('Canon PowerShot SD990 IS 14.7 megapixel')).toEqual(kinds('Canon PowerShot SD990 IS 14 megapixel'));
    expect(kinds('Canon Elph 100 HS 12.1 MP')).toEqual([['resolution', 12]]);
    expect(kinds('Canon Elph 100 HS 12.1 MP')).not.toEqual(kinds('Canon Elph 300 HS 16 MP'));
  });
  it('reads screen sizes in inches written several ways', () => {
    expect(kinds('Samsung 55" QLED')).toEqual([['size', 55]]);
    expect(kinds('Samsung 55in QLED')).toEqual([['size', 55]]);
    expect(kinds('Samsung 55-inch QLED')).toEqual([['size', 55]]);
    expect(kinds('Lenovo 2 in 1 laptop')).toEqual([]);
  });
  it('reads no size where "in" begins the next word (in-wall, in-dash, 3-in-one)', () => {
    expect(kinds('Audiosource BI5 5 in-Wall Construction Bracket Mount')).toEqual([]);
    expect(kinds('Pioneer 7 in-Dash Receiver')).toEqual([]);
    expect(kinds('Audio Source BI5 New Construction Bracket in-Wall 5.25 Inches Mount')).toEqual([['size', 5.25]]);
  });
  it("reads a television's screen class as its size, with or without the inch mark (Best Buy's titles and URLs)", () => {
    expect(kinds('Samsung - 65" Class QN90C Neo QLED 4K UHD Smart Tizen TV')).toEqual([['size', 65]]);
    expect(kinds('samsung 65 class qn90c neo qled 4k uhd smart tizen tv')).toEqual([['size', 65]]);
    expect(kinds('LG 77-inch Class OLED evo C3')).toEqual([['size', 77]]);
    expect(kinds('First class stamps 100 pack')).toEqual([['pack', 100]]);
  });
  it("reads a screen's stated diagonal as its size (Walmart's projection screens)", () => {
    expect(kinds('Elite Screens Cinegray Prime Vision Series Fixed Frame Screen - 135 Diagonal')).toEqual([['size', 135]]);
    expect(kinds('Da-Lite Dual Vision Tensioned Advantage Deluxe Electrol - HDTV Format 92 Diagonal')).toEqual([['size', 92]]);
    expect(kinds('Draper Diagonal Tensioning Cables')).toEqual([]);
  });
  it('does not read a transfer rate as a capacity, written out or in a URL slug', () => {
    expect(kinds('WD_BLACK SN770 NVMe SSD, Up to 7,450MB/s, 2TB')).toEqual([['data', 2e12]]);
    expect(kinds('wd black sn770 nvme internal ssd up to 7 450mb s')).toEqual([]);
    expect(kinds('Samsung T7 1TB 1050 MB/s')).toEqual([['data', 1e12]]);
    expect(kinds('SanDisk 512GB SSD')).toEqual([['data', 512e9]]);
  });
  it('reads power, battery, frequency, length and pack counts', () => {
    expect(kinds('Anker 20000mAh 65W charger')).toEqual([
      ['battery', 20000],
      ['power', 65],
    ]);
    expect(kinds('Monitor 144Hz, 2.4 GHz wifi')).toEqual([
      ['frequency', 144],
      ['frequency', 2.4e9],
    ]);
    expect(kinds('Lens 50mm f/1.8 and 5 cm hood')).toEqual([
      ['length', 50],
      ['length', 50],
    ]);
    expect(kinds('Duracell AA batteries 24-pack')).toEqual([['pack', 24]]);
    expect(kinds('Pens, pack of 12')).toEqual([['pack', 12]]);
  });
});

describe('extractGenerations', () => {
  it('reads only the generations written in Roman numerals, by the word they follow', () => {
    const generations = (title: string) => Object.fromEntries([...extractGenerations(tokenizeTitle(title))].map(([word, values]) => [word, [...values]]));
    expect(generations('Canon EOS 5D Mark IV DSLR Camera')).toEqual({ mark: ['4'] });
    expect(generations('Sony Alpha 7 IV Mirrorless Camera')).toEqual({ 7: ['4'] });
    expect(generations('OCZ Vertex 2 60GB 2.5" SATA II Solid State Drive')).toEqual({ sata: ['2'] });
    expect(generations('Microsoft Xbox Series X Console')).toEqual({});
    expect(generations('Pack of III')).toEqual({});
  });
});

describe('cutColourCompletions', () => {
  it('completes a last word that begins longer colour names, and nothing else', () => {
    expect(cutColourCompletions('sony wf c967 earbuds midnight')).toEqual(['sony wf c967 earbuds midnight blue']);
    expect(cutColourCompletions('apple watch rose ')).toEqual(['apple watch rose gold']);
    expect(cutColourCompletions('sony wf c967 earbuds midnight blue')).toEqual([]);
    expect(cutColourCompletions('bose speaker black')).toEqual([]);
    expect(cutColourCompletions('')).toEqual([]);
  });
});

describe('extractModelCandidates', () => {
  it('finds tokens that mix letters and digits', () => {
    expect(extractModelCandidates('HP 85A Black Toner CE285A')).toContain('CE285A');
    expect(extractModelCandidates('Samsung SL-C1000 colour printer')).toContain('SLC1000');
  });
  it('takes no size in the octets of French shops for a model', () => {
    expect(extractModelCandidates('Seagate IronWolf ST1000VN002 1To 64Mo cache')).toEqual(['ST1000VN002']);
    expect(extractModelCandidates('Clé USB 32Go Kingston DataTraveler')).toEqual([]);
  });
  it('reads a part number whose point a feed set apart as one number', () => {
    expect(extractModelCandidates('Tomtom GPS Receiver Accessory Kit 9N00 .101')).toEqual(['9N00101']);
    expect(extractModelCandidates('Tomtom GPS Mount and USB Car Charger 9N00101')).toEqual(['9N00101']);
  });
  it('joins no edition or colour with a storage size typed without its unit', () => {
    expect(extractModelCandidates('tab s9 fe 128')).toEqual([]);
    expect(extractModelCandidates('iphone 16 pro 256')).toEqual([]);
    expect(extractModelCandidates('galaxy s24 ultra titanium gray 512')).toEqual(['S24']);
    expect(extractModelCandidates('iphone 16 pink 128')).toEqual([]);
    // Another short word or number is a code's letters and digits as before.
    expect(extractModelCandidates('HP ENVY 6055')).toEqual(['ENVY6055']);
    expect(extractModelCandidates('Sony WH 1000XM5')).toContain('WH1000XM5');
  });
  it('joins a short prefix with the following part', () => {
    expect(extractModelCandidates('Sony WH 1000XM5 headphones')).toContain('WH1000XM5');
    // but not with a number that goes on into another group of digits: that is a part number of its own.
    expect(extractModelCandidates('Logitech MX Keys Mini 920-015714 Wireless Keyboard')).toEqual(['920015714']);
    expect(extractModelCandidates('logitech mx keys mini 920 015714 wireless keyboard')).toEqual(['015714']);
    // nor the "x" of a resolution or a size with the number after it.
    expect(extractModelCandidates('HP Scanjet 5590 - Flatbed Scanner - 2400 Dpi x 2400 Dpi - Hi-Speed USB')).toEqual([]);
    expect(extractModelCandidates('Monitor 1920 x 1080 Full HD')).toEqual([]);
    expect(extractModelCandidates('Canon Pixma X 5000 Printer')).toContain('X5000');
    // nor a count joined to its word.
    expect(extractModelCandidates('Sharp EL1192BL Two-Color Printing Calculator 12-Digit LCD')).toEqual(['EL1192BL']);
    expect(extractModelCandidates('Targus TG-6660TR Tripod with 3-WAY Panhead')).toEqual(['TG6660TR']);
    expect(extractModelCandidates('Norton Internet Security 3-User 5user')).toEqual([]);
  });
  it('skips units, resolutions, interfaces and years', () => {
    const found = extractModelCandidates('Kingston 64GB USB3 1080p stick 2019 edition 20000mAh');
    expect(found).toEqual([]);
    // A speed written with its slash ("7,450MB/s") is no model number either.
    expect(extractModelCandidates('SanDisk Extreme Portable SSD, PCIe Gen 4 NVMe M.2, Up to 7,450MB/s, 4TB')).toEqual([]);
    // Nor a duration or count written with its word, alone or after another word.
    expect(extractModelCandidates('Beats Studio Buds + Wireless Headphones, Up to 30-Hour Battery Life')).toEqual([]);
    expect(extractModelCandidates('Samsung 65" Class UN65CU5903 4K Smart TV with 2-Year Protection Plan')).toEqual(['UN65CU5903']);
    expect(extractModelCandidates('Anker 7-Port USB Hub, 4-Pack')).toEqual([]);
    // A listing's condition is no prefix of the model number after it.
    expect(extractModelCandidates('Open Box S2426DS 24-Inch Monitor Black')).toEqual(['S2426DS']);
  });
  // Letters and a number that name a standard, a class, a format or a measure, beside a maker's code of the same shape.
  it.each<[string, string, string[]]>([
    ['a Wi-Fi class', 'Netgear Nighthawk AC1900 Smart WiFi Router', []],
    ['a Wi-Fi class', 'TP-Link Archer AX3000 Dual Band Router', []],
    ['a voltage', 'Power adapter AC220 to DC12V', []],
    ['a console', 'Sony PS5 Console', []],
    ['a format, an interface, a device', 'Sansa MP3 player with USB 2.0 for iPad 2', []],
    ['a year after a format', 'ClickArt 1.2 Million DVD 2006', []],
    ['a lens’s aperture', 'Canon EF 50mm f/1.4 USM Standard Lens', []],
    ['a lens’s aperture range', 'Sigma 70-300mm F4.0-5.6 DG APO Macro', []],
    ['a lens’s aperture range', 'Canon EF-S 55-250mm f/4-5.6 IS II', []],
    ['a card’s speeds and bus class', 'Sandisk 64GB Ultra SDSDQL-064G microSDXC Card r30MB/s w12MB/s Class 10 UHS-1', ['SDSDQL064G']],
    ['a card’s speed', 'SanDisk Extreme Pro 160MB/sec Compact Flash Card 64GB', []],
    ['a Wi-Fi standard', 'Netgear Wireless-N 802.11 USB Adapter WNA1100', ['WNA1100']],
    ['a count of functions', 'Belkin 3-in-1 Card Reader F5U248', ['F5U248']],
    ['a port and a plug', 'Tripp Lite RS-232 DB9 Serial Cable', []],
    ['a plug', 'Belkin HDB15 VGA Monitor Cable', []],
    ['a headset’s model', 'Cyber Acoustics stereo headset microphone AC-401', ['AC401']],
    ['a power supply’s model', 'Corsair AX860i 860W power supply', ['AX860I']],
    ['a camcorder’s model', 'Canon DC320 DVD camcorder', ['DC320']],
    ['a shredder’s model', 'Fellowes Powershred PS-79Ci shredder', ['PS79CI']],
    ['a printer’s model', 'Canon PIXMA MP620 Wireless All-in-One Printer', ['MP620']],
    ['a printer’s model typed apart', 'Canon Pixma MP 480 printer', ['MP480']],
    ['a modem’s model', 'Sierra Wireless USB760 Mobile Broadband Modem', ['USB760']],
    ['a shop’s part number', 'Verbatim VER97185 DVD-R 16x', ['VER97185']],
    ['a camera named with an F', 'Fujifilm FinePix F30 Digital Camera', ['F30']],
  ])('reads %s as it is: "%s"', (_what, title, expected) => {
    expect(extractModelCandidates(title)).toEqual(expected);
  });
  it('keeps long digit runs as candidates', () => {
    expect(extractModelCandidates('draper remote transmitter 121066')).toEqual(['121066']);
  });
});

describe('colourNames', () => {
  it('reads colour words side by side as one name, and colours apart as two', () => {
    expect(colourNames('Apple iPhone 16 Pro 128GB Black Titanium')).toEqual(['black titanium']);
    expect(colourNames('Galaxy S24 Ultra - Titanium Grey, 256GB')).toEqual(['titanium gray']);
    expect(colourNames('Black/White sneakers')).toEqual(['black', 'white']);
    expect(colourNames('Black speaker with white cable, Black')).toEqual(['black', 'white']);
    expect(colourNames('iPhone 15 Space Grey 128GB')).toEqual(['space gray']);
    expect(colourNames('Redmi phone')).toEqual([]);
  });

  it('reads a maker’s shade beside a colour word as part of its name, and the same word elsewhere as none', () => {
    expect(colourNames('Sony DualSense CFI-ZCT1W Wireless Controller, Family Fun, Volcanic Red')).toEqual(['volcanic red']);
    expect(colourNames('Bose SoundLink Max Portable Bluetooth Speaker, Blue Dusk')).toEqual(['blue dusk']);
    expect(colourNames('Samsung Galaxy S21 Phantom Black 128GB')).toEqual(['phantom black']);
    expect(colourNames('DJI Phantom 4 Pro Drone')).toEqual([]);
    expect(colourNames('Stone Coffee Table, Black')).toEqual(['black']);
    // "Neon" is a shade beside a colour word, and the colour itself last ("switch neon"); before other words, a name.
    expect(colourNames('Nintendo Switch OLED Model Console - Neon Red/Neon Blue')).toEqual(['neon red', 'neon blue']);
    expect(colourNames('Nintendo Switch Console, Neon')).toEqual(['neon']);
    expect(colourNames('Imation 52x Neon CD-R 700 MB 10 Pack')).toEqual([]);
    expect(colourNames('LG Neon GT365 Phone')).toEqual([]);
    // Two shades of one colour are two colourways; a shade and its plain colour are one written more or less fully.
    expect(colourNamesApart(new Set(colourNames('DualSense Cosmic Red')), new Set(colourNames('DualSense Volcanic Red')))).toBe(true);
    expect(colourNamesApart(new Set(colourNames('Galaxy S21 Phantom Black')), new Set(colourNames('Galaxy S21, Black')))).toBe(false);
  });
});

describe('codeColours', () => {
  it('reads the colour code a model number ends with', () => {
    expect(codeColours('Sony DVP-NS700H / B DVD Player')).toEqual(['black']);
    expect(codeColours('Sony DVP-FX820 / L Portable DVD Player', 'DVPFX820/L')).toEqual(['blue']);
    expect(codeColours('Belkin CushTop F8N044GRN')).toEqual(['green']);
    expect(codeColours('LG 2.0 cu. ft. Over-the-Range Microwave Oven LMVM2085BK')).toEqual(['black']);
  });
  it('reads no measure, region or single glued letter as a colour', () => {
    expect(codeColours('Sandisk Ultra SDXC Card Class 10 - UHS-I Fast 80MB/s 128GB')).toEqual([]);
    expect(codeColours('Laptop Battery 99Wh')).toEqual([]);
    expect(codeColours('Apple iPod Shuffle 1GB MB226LL/A')).toEqual([]);
    expect(codeColours('Flip Mino Camcorder F360B')).toEqual([]);
  });
});

describe('extractColours', () => {
  it('canonicalises colour names', () => {
    expect(extractColours('iPhone 15 Space Grey 128GB')).toEqual(['space gray']);
    expect(extractColours('Black/White sneakers')).toEqual(['black', 'white']);
    expect(extractColours('Redmi phone')).toEqual([]);
    expect(extractColours('Bose SoundLink Micro Speaker, Squad Camo')).toEqual(['camo']);
    expect(extractColours('Camouflage backpack')).toEqual(['camo']);
    // Shops' abbreviations: an eBay "Blk" monitor is a black one.
    expect(extractColours('Acer Predator XB242U GS 24" Gaming Monitor Blk')).toEqual(['black']);
    expect(extractColours('Logitech MX Keys Mini Wht')).toEqual(['white']);
    // Rose gold written as one word, as watch shops do ("Rosegold", German "Roségold").
    expect(extractColours('Daniel Wellington Classy Sheffield Roségold 26mm')).toEqual(['rose gold']);
    expect(extractColours('Cambridge Rosegold Herrenuhr 40mm')).toEqual(extractColours('Cornwall Rose Gold 40mm'));
  });
  it('reads wood finishes as colours, and not a maker named by one', () => {
    expect(extractColours('LG WDP3 Laundry Pedestal with Drawer, Wild Cherry')).toEqual(['cherry']);
    expect(extractColours('Bush Series C Bookcase, Hansen Cherry/Graphite Gray')).toEqual(['cherry', 'graphite', 'gray']);
    expect(extractColours('Polk Audio Monitor 40 Bookshelf Speaker - Walnut')).toEqual(['walnut']);
    expect(extractColours('Nikon Coolpix S550 Digital Camera Plum')).toEqual(['plum']);
    expect(extractColours('Cherry MX Board 3.0 Keyboard Black')).toEqual(['black']);
    expect(extractColours('Crimson Trace Laserguard')).toEqual([]);
    // The word alone, as a search's last word is read, is the colour.
    expect(extractColours('Cherry')).toEqual(['cherry']);
  });
  it('reads carbon as a colour, and not as the material of carbon fibre or carbon steel', () => {
    expect(extractColours('Kodak EasyShare M530 12MP Digital Camera, Carbon')).toEqual(['carbon']);
    expect(extractColours('Asics Gel Sonoma 3 GTX - Black/Onyx/Carbon')).toEqual(['black', 'onyx', 'carbon']);
    expect(extractColours('Manfrotto 055 Series 3-Section Carbon Fiber Tripod')).toEqual([]);
    expect(extractColours('Manfrotto Pro Single Carbon Fibre Kit, Black')).toEqual(['black']);
    expect(extractColours('Steel composite cable with carbon-steel core')).toEqual([]);
  });
  it('reads the colours of other languages by their English names, and not the "blu" of Blu-ray', () => {
    expect(extractColours('Nike Zoom Speed TR3 - Vert/ Blanc/ Noir')).toEqual(['green', 'white', 'black']);
    expect(extractColours('Nike Free Run - Nero/Bianco/Antracite')).toEqual(['black', 'white', 'anthracite']);
    expect(extractColours('Dziecięce buty - Biały/Czarny/Volt')).toEqual(['white', 'black']);
    expect(extractColours('Sneaker Schwarz-Weiß, Morado oscuro')).toEqual(['black', 'white', 'purple']);
    // A maker's colour names in the shop's language: Nike's Obsidian, Onyx and Crimson, Puma's silver.
    expect(extractColours('Nike Air Zoom Pegasus 34 - Obsidienne/Blanc')).toEqual(['obsidian', 'white']);
    expect(extractColours('Nike Mercurial Vapor - Negro/Plateado/Carmin')).toEqual(['black', 'silver', 'crimson']);
    expect(extractColours('Nike Air Max - Ossidiana/Onice')).toEqual(['obsidian', 'onyx']);
    expect(extractColours('Sony BDP-S3700 Blu-ray Player')).toEqual([]);
    expect(tokenizeTitle('Nike Pegasus 33 Morado/Blanco/Rosa')).toEqual(tokenizeTitle('Nike Pegasus 33 Purple/White/Pink'));
  });
  it("knows makers' own colour names", () => {
    expect(extractColours('Google Pixel 9 512GB Smartphone Wintergreen')).toEqual(['wintergreen']);
    expect(extractColours('Google Pixel 9 Pro Porcelain')).toEqual(['porcelain']);
    expect(extractColours('Apple iPhone 16 128GB Ultramarine')).toEqual(['ultramarine']);
  });

  it('knows the lighter shades phones and headphones come in, and rose apart from rose gold', () => {
    expect(extractColours('Apple iPhone 16 Pro Max 1TB Mint')).toEqual(['mint']);
    expect(extractColours('Logitech Brio 100 Webcam, Rose')).toEqual(['rose']);
    expect(extractColours('Apple Watch Rose Gold')).toEqual(['rose gold']);
    expect(extractColours('Galaxy Buds Lavender / Olive')).toEqual(['lavender', 'olive']);
  });

  it("knows the finishes of makers' flagships, a titanium's colour among them", () => {
    expect(extractColours('Apple iPhone 16 Pro Max 256GB - Natural Titanium')).toEqual(['natural titanium']);
    expect(extractColours('Apple iPhone 16 Pro 512GB Desert Titanium')).toEqual(['desert titanium']);
    expect(extractColours('Samsung Galaxy S25 SM-S931U Unlocked Smartphone, 128GB, Icyblue')).toEqual(['icyblue']);
    expect(extractColours('Samsung Galaxy A35 5G 128GB Awesome Iceblue')).toEqual(['iceblue']);
    expect(extractColours('Galaxy S25 Ultra 256GB Titanium Silverblue')).toEqual(['titanium', 'silverblue']);
    expect(extractColours('Breville Barista Express BES870XL Espresso Machine, Black Truffle')).toEqual(['black', 'truffle']);
    expect(extractColours('Beats Studio Pro Wireless Headphones - Sandstone')).toEqual(['sandstone']);
    expect(extractColours('Google Pixel 8a 256GB - Aloe')).toEqual(['aloe']);
    expect(extractColours('Apple Watch Ultra 2 GPS + Cellular 49mm Titanium Case - Natural')).toEqual(['titanium', 'natural']);
    expect(extractColours('Amazon Kindle Paperwhite (12th Generation) 16GB E-Reader Raspberry US Seller')).toEqual(['raspberry']);
    expect(extractColours('Amazon Kindle Paperwhite (12th Generation) 16GB E-Reader, Jade')).toEqual(['jade']);
    expect(extractColours('Nike Mercurial Vapor FG Black/Lime')).toEqual(['black', 'lime']);
    expect(extractColours('Google Pixel 8a Unlocked Android Smartphone, US Version, 128GB, Bay')).toEqual(['bay']);
    expect(extractColours('Microsoft Surface Laptop 7th Edition 13.8-inch 16GB RAM 256GB SSD - Sapphire')).toEqual(['sapphire']);
    expect(extractColours('Garmin Venu 3 GPS Smartwatch - Slate')).toEqual(['slate']);
    expect(extractColours('Amazon Fire HD 10 (2023) Tablet, 32GB, Ocean')).toEqual(['ocean']);
    expect(extractColours('Keurig K-Supreme Plus Single Serve Coffee Maker, Stainless Steel')).toEqual(['stainless steel']);
    // Before another word, these name something else: a drive bay, a graphics card's maker, a tablet, a watch.
    expect(extractColours('NETGEAR ReadyNAS 212 2-Bay Network Attached Storage')).toEqual([]);
    expect(extractColours('HP MSA50 10-Bay 1U Enclosure')).toEqual([]);
    expect(extractColours('HP StorageWorks 12-Bay')).toEqual([]);
    expect(extractColours('Sapphire Radeon HD 5750 1GB')).toEqual([]);
    expect(extractColours('ASUS Eee Slate EP121 12.1-inch Tablet')).toEqual([]);
    expect(extractColours('Omega Seamaster Planet Ocean Watch')).toEqual([]);
    // Before another word, "natural" describes it: no colour.
    expect(extractColours('Weber Spirit II E-310 Natural Gas Grill, Black')).toEqual(['black']);
    expect(extractColours('Microsoft Natural Ergonomic Keyboard 4000')).toEqual([]);
  });
});

describe('coloursApart', () => {
  const apart = (x: string, y: string) => coloursApart(new Set(extractColours(x)), new Set(extractColours(y)));

  it('tells two variants by colours that share none', () => {
    expect(apart('Speaker Black', 'Speaker White')).toBe(true);
    expect(apart('Sneaker Black/White', 'Sneaker Black')).toBe(false);
    expect(apart('Speaker', 'Speaker White')).toBe(false);
  });

  it('sets a finish’s material aside where both state another colour', () => {
    expect(apart('Apple Watch Ultra 2 49mm Titanium Case - Natural', 'Apple Watch Ultra 2 49mm Titanium Case, Black')).toBe(true);
    expect(apart('Galaxy S24 Ultra 512GB Titanium Gray', 'Galaxy S24 Ultra 512GB Titanium Violet')).toBe(true);
    expect(apart('Apple Watch Ultra 2 49mm Titanium Case, Black', 'Apple Watch Ultra 2 49mm Black Titanium Case')).toBe(false);
    expect(apart('Keurig K-Supreme Plus Coffee Maker, Stainless Steel', 'Keurig K-Supreme Plus Coffee Maker, Black')).toBe(true);
    expect(apart('Seiko Prospex Stainless Steel Case Black Dial', 'Seiko Prospex Black Dial')).toBe(false);
    // A listing that names only the material says less, not another colour.
    expect(apart('Galaxy S24 Ultra 512GB Titanium', 'Galaxy S24 Ultra 512GB Titanium Gray')).toBe(false);
  });
});

describe('extractLineNumbers', () => {
  const lines = (title: string) => Object.fromEntries([...extractLineNumbers(tokenizeTitle(title))].map(([key, values]) => [key, [...values]]));

  it('reads the number after a line name and short glued forms', () => {
    expect(lines('Lenovo IdeaPad Slim 7 16IRH5 Laptop')).toEqual({ slim: ['7'] });
    expect(lines('GoPro HERO 13 Black Action Camera')).toEqual({ hero: ['13'] });
    expect(lines('Anker Soundcore Space Q 55 Wireless Headphones')).toEqual({ q: ['55'] });
    expect(lines('Canon EOS R5 Mirrorless Camera')).toEqual({ r: ['5'] });
    expect(lines('Apple iPad Pro 11-inch M4 256GB')).toEqual({ m: ['4'] });
    expect(lines('Apple Watch Series 09 GPS')).toEqual({ series: ['9'] });
    expect(lines('Lenovo IdeaPad Slim 5 16GB RAM')).toEqual({ slim: ['5'] });
    expect(lines('Apple Watch Series 10 46mm')).toEqual({ series: ['10'] });
    // A number another number follows is a measure's parts or a range: "34-1/2 W" of a bookcase.
    expect(lines('Hon Metal Bookcase 34-1 2W x 12-5 8D x 81-1 8H')).toEqual({});
  });

  it('reads a line number that ends in a letter of its own as another model, but not units and specs', () => {
    expect(lines('Apple iPhone 16e 128GB Black')).toEqual({ iphone: ['16e'] });
    expect(lines('Google Pixel 8a Unlocked')).toEqual({ pixel: ['8a'] });
    expect(lines('Apple iPhone 15 128GB Black')).toEqual({ iphone: ['15'] });
    expect(lines('Samsung Galaxy A35 5G Unlocked')).toEqual({ a: ['35'] });
  });

  it('reads a generation in Roman numerals as its number, after a word of the name or its number', () => {
    expect(lines('Marshall Emberton III Portable Bluetooth Speaker')).toEqual({ emberton: ['3'] });
    expect(lines('Sony Alpha 7 IV Full-Frame Mirrorless Camera')).toEqual({ alpha: ['7'], '7': ['4'] });
    expect(lines('Canon EOS R6 Mark II Body')).toEqual({ r: ['6'], mark: ['2'] });
    // "I", "V" and "X" are as often a letter of a name.
    expect(lines('Microsoft Xbox Series X Console')).toEqual({});
  });

  it('leaves out numbers that measure or count', () => {
    expect(lines('Bose Earbuds, Up to 30-Hour Battery Life')).toEqual({});
    expect(lines('Duracell AA Batteries, Pack of 24')).toEqual({});
    expect(lines('Samsung 65 inch Crystal UHD TV')).toEqual({});
    expect(lines('JBL Speaker, 20 Hours of Playtime')).toEqual({});
    expect(lines('16GB RAM 1TB SSD 4K')).toEqual({});
  });

  it('leaves out a number with an inch or foot mark after it, whatever word it follows', () => {
    const lineNumbers = (title: string) => Object.fromEntries([...prepareOffer({ title }).lineNumbers].map(([key, values]) => [key, [...values]]));
    expect(lineNumbers("Samsung 19 ' Black Flat Panel Series 6 LCD HDTV LN19A650")).toEqual({ series: ['6'] });
    expect(lineNumbers('Samsung 6 Series LN19A650 19" LCD TV')).toEqual({ samsung: ['6'] });
    expect(lineNumbers('Samsung 19 Black Flat Panel Series 6')).toEqual({ samsung: ['19'], series: ['6'] });
    // An apostrophe of a word is no mark.
    expect(lineNumbers('Band for Apple Watch Series 7’s Case')).toEqual({ series: ['7'] });
  });
});
