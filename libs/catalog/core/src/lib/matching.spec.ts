import { prepareOffer } from '@pricehunt/catalog-matching';
import { agreesWithOwnListings, fitsBetterThan, modelKeysOf, otherBrand, pricedAlike, relistingOf, memberWords, sharesAWord, sharesStatedVariant, toldApartFromListing, unstatedDistinction } from './matching';

describe('modelKeysOf', () => {
  it('keys an offer by its stated part number first, then by the model numbers of its title', () => {
    expect(modelKeysOf({ title: 'Samsung Galaxy S24 Ultra SM-S928U 256GB', model: 'SM-S928UZKAXAA' })).toEqual(['SMS928UZKAXAA', 'S24', 'SMS928U']);
    expect(modelKeysOf({ title: 'uniden dect 6.0 cordless phone d1680-2 black' })).toEqual(['D16802']);
  });

  it('does not join the brand that begins a title to the model number after it', () => {
    expect(modelKeysOf({ title: 'Sony KD-55X80K 55 Inch 4K TV' })).toEqual(['KD55X80K']);
    expect(modelKeysOf({ title: 'HP 14-dq0052dx Laptop' })).toEqual(['14DQ0052DX']);
  });

  it('still joins a model number written in two words further on', () => {
    expect(modelKeysOf({ title: 'Panasonic KX TG6512B Cordless Phone' })[0]).toBe('KXTG6512B');
  });

  it('has no key for titles without a model number', () => {
    expect(modelKeysOf({ title: 'JBL Flip 6 Speaker' })).toEqual([]);
  });

  it('keys part numbers of seven digits or more, alone in a title, and leaves shorter runs out', () => {
    expect(modelKeysOf({ title: 'Bose QuietComfort Earbuds II 751679-0100 Wireless Noise Cancelling' })).toEqual(['7516790100']);
    expect(modelKeysOf({ title: 'Nikon COOLPIX W8670 264231 Digital Camera' })).toEqual(['W8670']);
    expect(modelKeysOf({ title: 'Anker PowerCore 10000 A13201 Portable Charger' })).toEqual(['A13201']);
  });
});

describe('otherBrand', () => {
  const page = prepareOffer({ title: 'Beats Studio Buds + Wireless Headphones, Up to 30-Hour Battery Life, White', brand: 'Beats' });
  it('holds when the members state brands and none is the item’s', () => {
    expect(otherBrand(page, [prepareOffer({ title: 'Sony WH-CH694 Wireless Headphones, Up to 30-Hour Battery Life, White', brand: 'Sony' })])).toBe(true);
  });
  it('does not hold when a member states the brand, or one that begins with it, or none states one', () => {
    expect(otherBrand(page, [prepareOffer({ title: 'Studio Buds + MYV90LL/A Wireless Headphones', brand: 'Sony' }), prepareOffer({ title: 'Studio Buds +', brand: 'Beats by Dr. Dre' })])).toBe(false);
    expect(otherBrand(page, [prepareOffer({ title: 'Studio Buds + Wireless Headphones, White' })])).toBe(false);
    expect(otherBrand(prepareOffer({ title: 'Studio Buds + Wireless Headphones' }), [prepareOffer({ title: 'WH-CH694', brand: 'Sony' })])).toBe(false);
  });
  it('does not hold when a member writes the item’s brand with or without its spaces or hyphen', () => {
    const bracket = prepareOffer({ title: 'Audiosource BI5 in-Wall Construction Bracket', brand: 'Audiosource' });
    expect(otherBrand(bracket, [prepareOffer({ title: 'Audio Source BI5 New Construction Bracket', brand: 'Audio Source' })])).toBe(false);
    expect(otherBrand(prepareOffer({ title: 'TP-Link Archer A7', brand: 'TP-Link' }), [prepareOffer({ title: 'TPLink Archer A7 AC1750', brand: 'TPLink' })])).toBe(false);
    expect(otherBrand(bracket, [prepareOffer({ title: 'Audio Technica AT-BI5', brand: 'Audio Technica' })])).toBe(true);
  });
});

// Real listings of the Amazon-Google train split (table A record, table B record, label).
describe('fitsBetterThan', () => {
  // A 516 is B 893 (labelled a match), not B 531 (labelled apart), though the matcher takes both for it.
  const amazon = prepareOffer({ title: 'Adobe Creative Suite CS3 Design Premium Upgrade [ Mac ]', brand: 'Adobe', priceCents: 59900 });
  const design = prepareOffer({ title: 'Adobe CS3 Design Premium Upgrade', priceCents: 61999 });
  const web = prepareOffer({ title: 'Adobe CS3 Web Premium Upgrade', priceCents: 51799 });
  it("holds when the item fits the product's other retailers' offers clearly better than its retailer's offer there", () => {
    expect(fitsBetterThan(design, web, [amazon])).toBe(true);
  });
  it('does not hold the other way round, nor without offers at other retailers', () => {
    expect(fitsBetterThan(web, design, [amazon])).toBe(false);
    expect(fitsBetterThan(design, web, [])).toBe(false);
  });
});

describe('pricedAlike', () => {
  // A 296 and B 2968: one title, labelled apart (another edition at a third of the price).
  const amazon = prepareOffer({ title: 'Mighty Math Number Heroes', brand: 'Edmark', priceCents: 2995 });
  it('holds when some member sells within 2x of the item, or prices are not known', () => {
    expect(pricedAlike(amazon, [prepareOffer({ title: 'Mighty Math Number Heroes', priceCents: 2495 })])).toBe(true);
    expect(pricedAlike(prepareOffer({ title: 'Mighty Math Number Heroes' }), [prepareOffer({ title: 'Mighty Math Number Heroes', priceCents: 995 })])).toBe(true);
  });
  it('does not hold when every member sells at less than half or more than twice the price', () => {
    expect(pricedAlike(amazon, [prepareOffer({ title: 'Mighty Math Number Heroes', priceCents: 995 })])).toBe(false);
  });
});

describe('sharesAWord', () => {
  // Amazon-Google A 97 and B 2127: labelled apart, one year in common.
  const amazon = prepareOffer({ title: 'Tournament Poker 2005', brand: 'Eagle Games', priceCents: 2099 });
  it('holds when some member has one of the words of the item', () => {
    expect(sharesAWord(amazon, [prepareOffer({ title: 'Drive Washer 2005' }), prepareOffer({ title: 'Eagle Games Poker Tournament' })])).toBe(true);
  });
  it('does not hold for numbers and short words alone', () => {
    expect(sharesAWord(amazon, [prepareOffer({ title: 'Drive Washer 2005', priceCents: 2499 })])).toBe(false);
    expect(sharesAWord(prepareOffer({ title: 'PC 3D Go' }), [prepareOffer({ title: 'PC 3D Pro' })])).toBe(false);
  });
});

describe('toldApartFromListing', () => {
  // Walmart-Amazon: Amazon's Dallas Cowboys case joined Walmart's Baltimore Ravens case before Amazon's Ravens case came.
  const walmart = prepareOffer({ title: 'Baltimore Ravens iPod Touch 4G Hard Case', priceCents: 2499 });
  const dallas = prepareOffer({ title: 'Dallas Cowboys iPod Touch 4G Hard Case', priceCents: 1999 });
  const ravens = prepareOffer({ title: 'Baltimore Ravens iPod Touch 4G Hard Case', priceCents: 1999 });
  it("holds when the item states the words that tell the retailer's listing apart from the other offers", () => {
    expect(toldApartFromListing(ravens, dallas, [walmart])).toBe(true);
    // The other way round, the listing states them.
    expect(toldApartFromListing(dallas, ravens, [walmart])).toBe(false);
  });
  it("does not hold for a relisting in other words that states all the other offers' words", () => {
    // Amazon-Google: Google Shopping's sellers list one Punch! title in several wordings.
    const amazon = prepareOffer({ title: 'Punch ! Professional Home Design Suite', priceCents: 4999 });
    const google = prepareOffer({ title: 'Punch Software 14100 Punch ! Professional Home Design Suite for Windows', priceCents: 4597 });
    expect(toldApartFromListing(prepareOffer({ title: 'Punch Software Pro Home Design Suite', priceCents: 4599 }), google, [amazon])).toBe(false);
  });
});

// Walmart-Amazon table B (Amazon) listings.
describe('agreesWithOwnListings', () => {
  const listed = prepareOffer({ title: 'Sharp EL-1192BL Desktop 2 Color Printing Calculator', brand: 'Sharp', model: 'EL-1192BL', priceCents: 3689 });

  it("takes a retailer's relisting of an item, worded a little otherwise, for the same item", () => {
    const again = prepareOffer({ title: 'Sharp EL1192BL Two-Color Printing Calculator', brand: 'Sharp', priceCents: 3999 });
    expect(agreesWithOwnListings(prepareOffer({ title: 'Sharp EL1192BL Printing Calculator', brand: 'Sharp', model: 'EL1192BL', priceCents: 3763 }), [listed])).toBe(true);
    expect(agreesWithOwnListings(again, [listed])).toBe(true);
  });

  it('does not for another model number, colour, brand or price', () => {
    const otherModel = prepareOffer({ title: 'Sharp EL-1197PIII Desktop 2 Color Printing Calculator', brand: 'Sharp', model: 'EL-1197PIII', priceCents: 3689 });
    expect(agreesWithOwnListings(otherModel, [listed])).toBe(false);
    const pink = prepareOffer({ title: 'Roocase Dual Station Leather Pink Case Cover with Stand for Samsung Galaxy Tab', brand: 'Roocase', priceCents: 2500 });
    const black = prepareOffer({ title: 'Roocase Executive Leather Portfolio Black Case Cover with Stand for Samsung Galaxy Tab', brand: 'Roocase', priceCents: 2498 });
    expect(agreesWithOwnListings(black, [pink])).toBe(false);
    const otherBrand = prepareOffer({ title: 'Victor EL-1192BL Desktop 2 Color Printing Calculator', brand: 'Victor', priceCents: 3689 });
    expect(agreesWithOwnListings(otherBrand, [listed])).toBe(false);
    const dearer = prepareOffer({ title: 'Sharp EL1192BL Two-Color Printing Calculator Pack', brand: 'Sharp', priceCents: 9566 });
    expect(agreesWithOwnListings(dearer, [listed])).toBe(false);
    expect(agreesWithOwnListings(listed, [])).toBe(false);
    // Without a model number, one line's listings at one price tell nothing.
    const padres = prepareOffer({ title: 'San Diego Padres iPhone 4 Case Silicone Cover', brand: 'Tribeca', priceCents: 1799 });
    const capitals = prepareOffer({ title: 'Washington Capitals iPhone 4 Case Silicone Cover', brand: 'Tribeca', priceCents: 1799 });
    expect(agreesWithOwnListings(capitals, [padres])).toBe(false);
  });
});

// Amazon-Google table B (Google Shopping) listings: the shop lists one item under three ids.
describe('relistingOf', () => {
  const listed = prepareOffer({ title: 'Apple Software M9301Z/B Soundtrack V1 .2', priceCents: 19900 });

  it("finds the retailer's listing that the item repeats word for word", () => {
    const again = prepareOffer({ title: 'Apple Software M9301Z/B Soundtrack  V1 .2', priceCents: 19900 });
    const other = prepareOffer({ title: 'Apple Software M9301Z/B Soundtrack V1 .2 Upgrade', priceCents: 19900 });
    expect(relistingOf(again, [other, listed])).toBe(listed);
  });

  it('finds none for other words, another brand, or a price far apart', () => {
    expect(relistingOf(prepareOffer({ title: 'Apple Software Soundtrack V1 .2', priceCents: 19900 }), [listed])).toBeNull();
    const branded = prepareOffer({ title: 'Encore Hoyle Solitaire', brand: 'Encore', priceCents: 999 });
    expect(relistingOf(prepareOffer({ title: 'Encore Hoyle Solitaire', brand: 'Global Software', priceCents: 999 }), [branded])).toBeNull();
    expect(relistingOf(prepareOffer({ title: 'Apple Software M9301Z/B Soundtrack V1 .2', priceCents: 9900 }), [listed])).toBeNull();
    expect(relistingOf(prepareOffer({ title: 'Apple Software M9301Z/B Soundtrack V1 .2' }), [listed])).toBeNull();
  });
});

// Amazon-Google: a Google Shopping listing and two Amazon listings of the title, one for the Mac.
describe('sharesStatedVariant', () => {
  const google = prepareOffer({ title: 'Iris Readiris Pro 11 Mac Ocr', priceCents: 10999 });
  const mac = prepareOffer({ title: 'Iris Readiris Pro 11.0 ( Mac )', brand: 'I.r.i.s.', priceCents: 12995 });
  const plain = prepareOffer({ title: 'Readiris Pro 11', brand: 'Global Marketing Partners', priceCents: 12999 });

  it('holds when some member states a platform or colour the item states', () => {
    expect(sharesStatedVariant(google, [plain, mac])).toBe(true);
    const blue = prepareOffer({ title: 'Canon PowerShot Elph 100 Hs 12 Mp Digital Camera Blue', brand: 'Canon' });
    expect(sharesStatedVariant(prepareOffer({ title: 'Canon PowerShot Elph 100 Hs Blue 12.1 Mp Digital Camera', brand: 'Canon' }), [blue])).toBe(true);
  });

  it('does not when the members state none of them, or the item states none', () => {
    expect(sharesStatedVariant(google, [plain])).toBe(false);
    expect(sharesStatedVariant(plain, [mac])).toBe(false);
  });
});

describe('unstatedDistinction', () => {
  const disc = memberWords([
    prepareOffer({ title: 'Sony PlayStation 5 Slim Console – Disc Edition', brand: 'Sony', priceCents: 49999 }),
    prepareOffer({ title: 'PlayStation 5 Slim Disc Edition Console CFI-2015', brand: 'Sony', priceCents: 47999 }),
  ]);
  const digital = memberWords([prepareOffer({ title: 'Sony PlayStation 5 Slim Console – Digital Edition', brand: 'Sony', priceCents: 44999 })]);
  const words = (title: string) => prepareOffer({ title }).tokens;

  it('holds when each product states words the other does not and the item states none of them', () => {
    expect(unstatedDistinction(words('PlayStation®5 Console'), disc, digital)).toBe(true);
  });

  it('does not when the item states a word of either, or one product states nothing the other lacks', () => {
    expect(unstatedDistinction(words('PS5 Slim Digital Edition'), disc, digital)).toBe(false);
    const plain = memberWords([prepareOffer({ title: 'Sony PlayStation 5 Slim Console', brand: 'Sony', priceCents: 49999 })]);
    expect(unstatedDistinction(words('PlayStation 5 Console'), disc, plain)).toBe(false);
    expect(unstatedDistinction(words('PlayStation 5 Console'), disc, memberWords([]))).toBe(false);
  });
});
