import { getDefaultModel, modelFromJson } from './model';
import { pairEvidence } from './features';
import { prepareOffer } from './prepare';
import { assignCluster } from './cluster';
import { GTIN_MATCH_FLOOR, gtinContradictions, QUANTITY_CONFLICT_CAP, scorePair } from './score';
import { buildIdfStats } from './tfidf';

const threshold = getDefaultModel().threshold;
const codes = (r: { reasons: { code: string }[] }) => r.reasons.map((x) => x.code);

describe('scorePair', () => {
  const xm5a = { title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones, Black', brand: 'Sony', priceCents: 39800 };
  const xm5b = { title: 'SONY WH1000XM5/B Noise Cancelling Wireless Over-Ear Headphones', brand: 'Sony Electronics', priceCents: 32999 };
  const bose = { title: 'Bose QuietComfort 45 Wireless Noise Cancelling Headphones', brand: 'Bose', priceCents: 27900 };

  it('scores the same product from two retailers above the threshold', () => {
    const r = scorePair(xm5a, xm5b);
    expect(r.score).toBeGreaterThanOrEqual(threshold);
    expect(r.isMatch).toBe(true);
    expect(codes(r)).toEqual(expect.arrayContaining(['model-equal', 'brand-agree']));
  });

  it('reads a maker\'s number written after a few letters of a line or a shop as the same model number', () => {
    const antenna = scorePair({ title: 'GE Futura Indoor TV Antenna Silver Finish TV24746' }, { title: 'GE 24746 Futura (TM) Indoor HDTV Antenna' });
    expect(antenna.evidence.features.modelEqual).toBe(1);
    expect(antenna.evidence.matchedModel).toBe('24746');
    const drive = { title: 'Verbatim Acclaim 320 GB USB 2.0 Portable External Hard Drive 97185 Blue', brand: 'Verbatim', model: '97185' };
    expect(scorePair({ title: 'Verbatim SmartDisk Acclaim 320GB USB Portable Hard Drive Blue', brand: 'Verbatim', model: 'VER97185' }, drive).evidence.features.modelEqual).toBe(1);
    // Not a shorter number, nor one the letters do not come right before.
    expect(scorePair({ title: 'Canon DC320 camcorder' }, { title: 'Canon 320 camcorder' }).evidence.features.modelEqual).toBe(0);
    expect(scorePair({ title: 'Logitech K97185X keyboard' }, { title: 'Logitech 97185 keyboard' }).evidence.features.modelEqual).toBe(0);
  });

  it('reads a listing\'s condition as the offer\'s, not as an edition of the product', () => {
    const renewed = { title: 'Canon PIXMA G9260 Wireless All-in-One Printer, Auto Duplex, Black (Renewed)' };
    const r = scorePair(renewed, { title: 'Canon - PIXMA G9260 Wireless All-in-One Printer - Black' });
    expect(r.evidence.features.editionMismatch).toBe(0);
    expect(r.score).toBeGreaterThan(0.9);
    expect(prepareOffer({ title: 'Refurbished Bose SoundLink Flex, Used' }).editions.size).toBe(0);
  });

  it('tells two finishes that share a colour word apart, and keeps a finish written more or less fully together', () => {
    const black = { title: 'Apple iPhone 16 Pro 128GB Black Titanium', brand: 'Apple' };
    const white = scorePair(black, { title: 'Apple iPhone 16 Pro, 128GB, White Titanium', brand: 'Apple' });
    expect(white.evidence.features.colourConflict).toBe(1);
    expect(codes(white)).toContain('colour-conflict');
    expect(scorePair({ title: 'Samsung Galaxy S24 Ultra 256GB Titanium Gray' }, { title: 'Samsung Galaxy S24 Ultra 256GB Titanium Black' }).evidence.features.colourConflict).toBe(1);
    for (const same of ['Apple iPhone 16 Pro 128GB Black', 'Apple iPhone 16 Pro 128GB Titanium', 'Apple - iPhone 16 Pro 128GB - Black Titanium']) {
      const r = scorePair(black, { title: same, brand: 'Apple' });
      expect(r.evidence.features.colourConflict).toBe(0);
      expect(r.score).toBeGreaterThanOrEqual(threshold);
    }
    // Two colours apart are two names, each of which may be the other side's.
    expect(scorePair({ title: 'JBL Flip 6 Black/Silver' }, { title: 'JBL Flip 6 Silver' }).evidence.features.colourConflict).toBe(0);
  });

  it('scores a different product of the same category below the threshold', () => {
    const r = scorePair(xm5a, bose);
    expect(r.score).toBeLessThan(threshold);
    expect(codes(r)).toContain('brand-conflict');
  });

  it('decides on equal GTINs whatever the titles say', () => {
    const r = scorePair({ title: 'Thing one', gtin: '036000291452' }, { title: 'Entirely other words', gtin: '0036000291452' });
    expect(r.score).toBeGreaterThanOrEqual(GTIN_MATCH_FLOOR);
    expect(codes(r)).toContain('gtin-equal');
  });

  describe('an equal GTIN is strong evidence, not a verdict (real feeds carry wrong and reused GTINs)', () => {
    const gtin = '4711081763482';
    // The demo's glued product: its first example, "Asus TUF VG348QL1A 34-Inch", held a refurbished 24-inch VG249BL1A
    // as its best price through one GTIN.
    const vg348 = { title: 'Asus TUF Gaming VG348QL1A 34" Gaming Monitor', brand: 'Asus', gtin, priceCents: 43999 };
    const vg249 = { title: 'Asus TUF Gaming VG249BL1A 24-Inch Gaming Monitor (Refurbished)', brand: 'Asus', gtin, priceCents: 13999 };

    it('keeps two monitors of other model numbers and sizes apart', () => {
      const r = scorePair(vg348, vg249);
      expect(r.score).toBeLessThan(threshold);
      expect(codes(r)).toContain('gtin-contradicted');
      expect(codes(r)).not.toContain('gtin-equal');
      expect(gtinContradictions(r.evidence)).toEqual(expect.arrayContaining(['model', 'quantity', 'price']));
    });

    it('keeps a laptop and a monitor apart', () => {
      const laptop = { title: 'ASUS TUF Gaming A15 FA507NV Gaming Laptop 16GB RAM 512GB SSD Mecha Gray', brand: 'ASUS', gtin, priceCents: 99999 };
      const monitor = { title: 'ASUS TUF Gaming VG27AQ 27" QHD Gaming Monitor', brand: 'ASUS', gtin, priceCents: 32900 };
      const r = scorePair(laptop, monitor);
      expect(r.score).toBeLessThan(threshold);
      expect(assignCluster(laptop, [{ clusterId: 'monitor', offer: monitor }]).clusterId).toBeNull();
    });

    it('keeps headphones and a camera apart, whatever the prices', () => {
      const headphones = { title: 'Sony WH-1000XM5 Wireless Noise Canceling Headphones Black', brand: 'Sony', gtin, priceCents: 39800 };
      const camera = { title: 'Sony Alpha 7 IV ILCE-7M4 Mirrorless Camera Body', brand: 'Sony', gtin, priceCents: 249800 };
      expect(scorePair(headphones, camera).score).toBeLessThan(threshold);
      expect(scorePair(headphones, { ...camera, priceCents: 39800 }).score).toBeLessThan(threshold);
      // Without model numbers the price tells them apart.
      const body = { title: 'Sony Alpha Full-Frame Mirrorless Interchangeable-Lens Camera', brand: 'Sony', gtin, priceCents: 249800 };
      const r = scorePair({ ...headphones, title: 'Sony Wireless Noise Canceling Over-Ear Headphones Black' }, body);
      expect(gtinContradictions(r.evidence)).toEqual(['price']);
      expect(r.score).toBeLessThan(threshold);
    });

    it('keeps one listing at a suspect price in its product (the catalog holds it for review)', () => {
      const macbook = { title: 'Apple MacBook Air 13 M3 256GB Midnight', brand: 'Apple', gtin, priceCents: 129900 };
      expect(scorePair(macbook, { ...macbook, priceCents: 29900 }).score).toBeGreaterThanOrEqual(GTIN_MATCH_FLOOR);
    });

    it('still decides a match when nothing contradicts it, a refurbished offer at 0.65x included', () => {
      const r = scorePair(vg348, { title: 'ASUS VG348QL1A TUF 34in Curved Monitor (Renewed)', gtin, priceCents: 28999 });
      expect(r.score).toBeGreaterThanOrEqual(GTIN_MATCH_FLOOR);
      expect(codes(r)).toContain('gtin-equal');
    });
  });

  it('rejects different valid GTINs even with identical titles', () => {
    const r = scorePair({ ...xm5a, gtin: '036000291452' }, { ...xm5a, gtin: '4006381333931' });
    expect(r.score).toBeLessThan(threshold);
    expect(codes(r)).toContain('gtin-differ');
  });

  it('uses an equal MPN as strong evidence', () => {
    const a = { title: 'HP toner cartridge black', model: 'CE285A', brand: 'HP' };
    const b = { title: 'Hewlett Packard 85A laser toner', model: 'ce-285a', brand: 'Hewlett-Packard' };
    const withMpn = scorePair(a, b);
    const without = scorePair({ ...a, model: null }, { ...b, model: null });
    expect(withMpn.score).toBeGreaterThan(without.score);
    expect(codes(withMpn)).toContain('mpn-equal');
  });

  it('reads a part-number field that holds a name as no part number', () => {
    const a = { title: 'HP 45 Black Inkjet Cartridge 51645A', model: '51645A', brand: 'HP', priceCents: 3578 };
    const b = { title: 'HP 45 Black Ink Cartridge in Retail Packaging', model: 'HP 45 Black Inkjet Print Cartridge', brand: 'HP', priceCents: 2889 };
    expect(codes(scorePair(a, b))).not.toContain('mpn-differ');
    expect(codes(scorePair(a, { ...b, model: 'C6615DN' }))).toContain('mpn-differ');
    expect(codes(scorePair(a, { ...b, model: 'HP45 BK' }))).toContain('mpn-differ');
  });

  it('sinks a pair whose capacities conflict: a 64 GB phone is not the 128 GB one', () => {
    const a = { title: 'Apple iPhone 13 64GB Midnight', brand: 'Apple', priceCents: 59900 };
    const b = { title: 'Apple iPhone 13 128GB Midnight', brand: 'Apple', priceCents: 64900 };
    const same = scorePair(a, { ...a, title: 'Apple iPhone 13, 64 GB, Midnight' });
    const r = scorePair(a, b);
    expect(r.score).toBeLessThanOrEqual(QUANTITY_CONFLICT_CAP);
    expect(r.isMatch).toBe(false);
    expect(same.isMatch).toBe(true);
    expect(r.reasons.find((x) => x.code === 'quantity-conflict')?.message).toBe('data differs: 64 GB vs 128 GB');
  });

  it('sinks a pair whose titles name different editions: the Disc Edition is not the Digital one', () => {
    const disc = { title: 'PlayStation®5 Console – Slim Disc Edition', brand: 'Sony', priceCents: 49999 };
    const r = scorePair(disc, { title: 'Sony - PlayStation 5 Slim Console Digital Edition - White', brand: 'Sony', priceCents: 44999 });
    expect(r.score).toBeLessThanOrEqual(QUANTITY_CONFLICT_CAP);
    expect(r.reasons.find((x) => x.code === 'edition-conflict')?.message).toBe('edition differs: disc vs digital');
    // The same edition, or one named on one side only, is for the model to weigh.
    expect(scorePair(disc, { title: 'Sony PlayStation 5 Slim Console, Disc Edition', brand: 'Sony', priceCents: 47999 }).isMatch).toBe(true);
    expect(scorePair(disc, { title: 'Sony PlayStation 5 Slim Console', brand: 'Sony', priceCents: 47999 }).reasons.map((x) => x.code)).not.toContain('edition-conflict');
  });

  it('sinks a pair of the maker’s own supply and a third party’s ("remanufactured", "compatible … toner")', () => {
    const original = { title: 'Xerox 108R00657 Extended-Capacity Maintenance Kit for WorkCentre C2424', brand: 'Xerox', model: '108R00657', priceCents: 15484 };
    const r = scorePair(original, { title: 'LD Xerox WorkCentre C2424 Remanufactured 108R00657 Extended-Capacity Maintenance Kit', brand: '4inkjets', priceCents: 12999 });
    expect(r.score).toBeLessThanOrEqual(QUANTITY_CONFLICT_CAP);
    expect(r.reasons.find((x) => x.code === 'third-party-conflict')?.message).toBe("second is a third party's supply, the other the maker's");
    const toner = { title: 'HP CE278A Black LaserJet Toner Cartridge', brand: 'HP', priceCents: 6984 };
    expect(scorePair(toner, { title: 'Compatible Black Toner Cartridge for LaserJet Pro P1606dn, replaces HP CE278A' }).score).toBeLessThanOrEqual(QUANTITY_CONFLICT_CAP);
    // What an item works with, or a platform, says nothing of who made it.
    for (const title of [
      'SanDisk 64GB SDXC Card compatible with Canon EOS R50 ink-free photo printing',
      'Polaroid 12 Megapixel Digital Camera SD card compatible Model i1236 Bundle',
      'M-Audio Pro Tools M-Powered 7.3 M-Audio compatible world-class production software',
      'Tonka Raceway XP compatible',
    ]) {
      expect(scorePair({ title }, { title }).reasons.map((x) => x.code)).not.toContain('third-party-conflict');
      expect(scorePair({ title }, { title: title.replace(/ ?(?:XP )?compatible(?: with)?/i, '') }).reasons.map((x) => x.code)).not.toContain('third-party-conflict');
    }
  });

  it('sinks a pair whose titles name different numbered editions, however they write the number', () => {
    const seventh = { title: 'Adventure Workshop 4th-6th Grade 7th Edition', brand: 'Encore Software', priceCents: 1999 };
    const r = scorePair(seventh, { title: 'Encore Inc Adventure Workshop 4th-6th Grade 8th Edition', priceCents: 1710 });
    expect(r.score).toBeLessThanOrEqual(QUANTITY_CONFLICT_CAP);
    expect(r.reasons.find((x) => x.code === 'edition-conflict')?.message).toBe('edition differs: 7th vs 8th');
    for (const title of ['Adventure Workshop 4th-6th Grade Seventh Edition', 'Adventure Workshop 4th-6th Grade 7th ed. Win XP']) {
      expect(scorePair(seventh, { title, priceCents: 1899 }).reasons.map((x) => x.code)).not.toContain('edition-conflict');
    }
  });

  it('sinks a pair whose titles write different generations in Roman numerals after one word', () => {
    const third = { title: 'Canon EOS 5D Mark III DSLR Camera (Body Only)', brand: 'Canon', priceCents: 179900 };
    const r = scorePair(third, { title: 'Canon EOS 5D Mark IV DSLR Camera (Body Only)', brand: 'Canon', priceCents: 189900 });
    expect(r.score).toBeLessThanOrEqual(QUANTITY_CONFLICT_CAP);
    expect(r.reasons.find((x) => x.code === 'generation-conflict')?.message).toBe('generation differs: mark 3 vs mark 4');
    // The same generation, or a title that writes none, is no conflict; nor is a number in digits after another word.
    for (const title of ['Canon EOS 5D Mark III Digital SLR Body', 'Canon EOS 5D DSLR Camera Body', 'Canon EOS 5D Mark III Body, 2 Batteries']) {
      expect(scorePair(third, { title, brand: 'Canon', priceCents: 174900 }).reasons.map((x) => x.code)).not.toContain('generation-conflict');
    }
  });

  it('sinks a pair whose titles name different combos, unless one names the other’s word', () => {
    const standard = { title: 'DJI Osmo Action 5 Pro Action Camera Standard Combo', brand: 'DJI', priceCents: 34900 };
    const r = scorePair(standard, { title: 'DJI Osmo Action 5 Pro Action Camera Adventure Combo', brand: 'DJI', priceCents: 44900 });
    expect(r.score).toBeLessThanOrEqual(QUANTITY_CONFLICT_CAP);
    expect(r.reasons.find((x) => x.code === 'edition-conflict')?.message).toBe('edition differs: standard vs adventure');
    // "Wireless Combo" of a listing that says "Wireless Keyboard and Mouse" names the same set.
    const combo = scorePair({ title: 'Logitech MK270 Wireless Keyboard and Mouse Combo' }, { title: 'Logitech MK270 Wireless Combo - Keyboard and Mouse Set' });
    expect(combo.reasons.map((x) => x.code)).not.toContain('edition-conflict');
  });

  it('reads a plus sign glued to a model’s name as the edition "plus", and no other plus sign', () => {
    const plus = prepareOffer({ title: 'Samsung Galaxy S24+ SM-S926U (256GB, Onyx Black)' });
    expect([...plus.editions]).toEqual(['plus']);
    expect([...(plus.editionLeads.get('plus') ?? [])]).toEqual(['s24']);
    expect([...prepareOffer({ title: 'Samsung Galaxy S24 Plus' }).editions]).toEqual(['plus']);
    for (const title of ['LEGO City Set, Ages 8+', 'Verbatim DVD+R 50 Pack', 'Disney+ Gift Card', 'C++ Primer']) expect(prepareOffer({ title }).editions.size).toBe(0);
  });

  it('lowers the score when the price ratio is implausible', () => {
    const a = { title: 'Canon EOS R6 Mark II mirrorless camera body', brand: 'Canon', priceCents: 249900 };
    const plausible = scorePair(a, { ...a, priceCents: 229900 });
    const implausible = scorePair(a, { ...a, priceCents: 2999 });
    expect(implausible.score).toBeLessThan(plausible.score);
    expect(codes(implausible)).toContain('price-implausible');
  });

  it('is deterministic and symmetric enough to not depend on argument order for the decision', () => {
    const r1 = scorePair(xm5a, xm5b);
    const r2 = scorePair(xm5a, xm5b);
    const r3 = scorePair(xm5b, xm5a);
    expect(r1.score).toBe(r2.score);
    expect(r3.isMatch).toBe(r1.isMatch);
  });

  it('accepts prepared offers and corpus statistics', () => {
    const stats = buildIdfStats([xm5a.title, xm5b.title, bose.title, 'Sony Bravia TV', 'Sony Alpha camera']);
    const raw = scorePair(xm5a, xm5b, { stats });
    const prepared = scorePair(prepareOffer(xm5a, stats), prepareOffer(xm5b, stats), { stats });
    expect(prepared.score).toBeCloseTo(raw.score, 12);
  });

  it('names the bad field of a malformed offer', () => {
    expect(() => scorePair({ title: 42 } as never, xm5a)).toThrow('offer.title must be a string');
    expect(() => scorePair({ title: 'x', priceCents: -100 }, xm5a)).toThrow('offer.priceCents');
  });

  it('rejects a malformed model file', () => {
    expect(() => modelFromJson({ version: 1, features: ['nope'], weights: [1], bias: 0, threshold: 0.5 })).toThrow(
      'unknown feature "nope"',
    );
  });
});

describe('brand vocabulary', () => {
  it('reads a known brand off the title when an offer has no brand field', () => {
    const stats = buildIdfStats(['Sony WH-1000XM5', 'Bose QuietComfort 45', 'McAfee Internet Security'], {
      brands: ['Sony Electronics', 'Bose Corporation', 'McAfee, Inc.', 'Generic'],
    });
    const a = { title: 'CA Internet Security Suite 2007 3 user', brand: 'Computer Associates' };
    const b = { title: 'McAfee Internet Security Suite 2007 3-user (PC)' };
    expect(prepareOffer(b, stats).brand).toBe('mcafee');
    expect(prepareOffer({ title: 'Generic USB cable' }, stats).brand).toBeNull();
    const r = scorePair(a, b, { stats });
    expect(r.reasons.map((x) => x.code)).toContain('brand-conflict');
    expect(scorePair(a, b).reasons.map((x) => x.code)).not.toContain('brand-conflict');
  });
});

describe('prepared-offer cache', () => {
  it('notices when an offer object changes between calls', () => {
    const a = { title: 'Apple iPhone 13 64GB', brand: 'Apple', priceCents: 59900 };
    const b = { title: 'Apple iPhone 13 64GB', brand: 'Apple', priceCents: 58900 };
    expect(scorePair(a, b).isMatch).toBe(true);
    a.title = 'Apple iPhone 13 128GB';
    expect(scorePair(a, b).isMatch).toBe(false);
  });
});

describe('evidence real listings need', () => {
  const evidence = (a: string, b: string, models: [string?, string?] = []) =>
    pairEvidence(prepareOffer({ title: a, model: models[0] }), prepareOffer({ title: b, model: models[1] })).features;

  // Abt-Buy listings, labelled non-matches: Sony writes a player's colour after its model number.
  it('reads the colour a model number’s code states where the words name none', () => {
    expect(evidence('Sony Silver 1080p Upscaling DVD Player DVPNS700HS', 'Sony DVP-NS700H / B DVD Player').colourConflict).toBe(1);
    expect(evidence('Sony DVP-NS700H Black DVD Player', 'Sony DVP-NS700H / B DVD Player').colourConflict).toBe(0);
  });

  it('reads a part or accessory that names the other listing’s model as an accessory of it, not the product', () => {
    const f = evidence('replacement battery for kx-tg6512b', 'Panasonic DECT 6.0 Expandable Cordless Phone System, 2 Handsets', [undefined, 'KX-TG6512B']);
    expect(f).toMatchObject({ accessoryMismatch: 1, accessoryOfOther: 1 });
    expect(evidence('Charger for Canon LP-E6 batteries', 'Canon LP-E6 Battery Pack')).toMatchObject({ accessoryOfOther: 1 });
    expect(evidence('Seiko Prospex SRPD55K1 steel case rubber strap', 'Seiko Prospex SRPD55K1 diver watch')).toMatchObject({ accessoryOfOther: 0 });
    expect(evidence('Panasonic KX-TG6512B cordless phone', 'Panasonic Cordless Phone KX-TG6512B Black')).toMatchObject({ accessoryMismatch: 0, accessoryOfOther: 0 });
    // "for sale" and "for men" name no product.
    expect(evidence('Air Jordan 5 Retro For Sale', 'Air Jordan 5 Retro White')).toMatchObject({ accessoryOfOther: 0 });
  });

  it('tells shoes for men from shoes for women, in the languages WDC listings use', () => {
    expect(evidence("Nike Free 5.0 Men's Running Shoe", 'Nike Free 5.0 Womens Running Shoe')).toMatchObject({ genderConflict: 1 });
    expect(evidence('GEL-NIMBUS 19 LITE-SHOW POUR FEMMES', "GEL-NIMBUS 19 LITE-SHOW Women's Running Shoes")).toMatchObject({ genderConflict: 0 });
    expect(evidence('Puma evoSPEED SL FG Uomo', 'Puma evoSPEED SL FG')).toMatchObject({ genderConflict: 0 });
    expect(evidence('NIKE JR MERCURIAL VICTORY FG', 'Nike Mercurial Victory V FG Herren')).toMatchObject({ genderConflict: 1 });
    // A word that is also the name of an object's own property is no gender.
    expect(evidence('LEGO Constructor Set', 'LEGO Constructor Set for Kids')).toMatchObject({ genderConflict: 0 });
  });
});
