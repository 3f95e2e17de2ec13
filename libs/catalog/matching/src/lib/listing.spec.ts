// Every title below is quoted from a train split of the public sets (ER-Magellan Amazon-Google, dirty Walmart-Amazon,
// WDC watches and shoes), as the loader reads it.
import { gtinsInTitle, licenceSeats, licenceTerms, pastedPrice, productCodes, softwareVersions, titleHead } from './listing';
import { pairEvidence } from './features';
import { prepareOffer } from './prepare';

describe('pastedPrice', () => {
  it('reads the price a dirty feed pasted at the end of the title, and the title before it', () => {
    expect(
      pastedPrice('elite screens cinewhite cinema235 series fixed frame wide screen - 85 diagonal electronics - general elite screens r85wh1-wide 409.0'),
    ).toEqual({ cents: 40900, before: 'elite screens cinewhite cinema235 series fixed frame wide screen - 85 diagonal electronics - general elite screens r85wh1-wide' });
    expect(pastedPrice('georgia bulldogs iphone 4 case silicone cover tribeca 17.99')).toEqual({ cents: 1799, before: 'georgia bulldogs iphone 4 case silicone cover tribeca' });
    expect(pastedPrice('canon bci 1421bk - ink tank - 1 x black printer ink toner canon 4960999180663 159.0')?.cents).toBe(15900);
  });
  it('leaves versions, sizes and plain numbers at the end alone', () => {
    expect(pastedPrice('quickbooks pos : pro multistore 6.0')).toBeNull();
    expect(pastedPrice('punch ! home design architectural series 18')).toBeNull();
    expect(pastedPrice('canon cli-226 black ink tank printers canon 4546b001')).toBeNull();
  });
  it('gives an offer without a price of its own that price, and keeps the number out of its words', () => {
    const pasted = prepareOffer({ title: 'kingston m25664f50 2gb ddr2-667 200-pin so dimm sdram laptop memory module memory kingston 38.92' });
    expect(pasted.price).toBe(3892);
    expect(pasted.listing.titlePrice).toBe(3892);
    expect([...pasted.tokens]).not.toContain('38.92');
    expect([...pasted.numbers]).not.toContain('38.92');
    const priced = prepareOffer({ title: 'dymo shipping labels 2.31', priceCents: 1299 });
    expect(priced.price).toBe(1299);
    expect(priced.listing.titlePrice).toBeNull();
    expect([...priced.tokens]).toContain('2.31');
  });
});

describe('softwareVersions', () => {
  it('reads years, Creative Suite generations and written versions', () => {
    expect(softwareVersions('microsoft office small business 2007 full version')).toEqual(['2007']);
    expect(softwareVersions('microsoft office 2004 std upgrade')).toEqual(['2004']);
    expect(softwareVersions('illustrator cs3 13 mac ed 1u')).toEqual(['cs3']);
    expect(softwareVersions('quickbooks pos : pro multistore 6.0')).toEqual(['6']);
    expect(softwareVersions('netmanage rumba unix-hp edition v. 7.3 upgrade license 902453-006 )')).toEqual(['7.3']);
  });
  it('does not read the Windows 2000 of a platform list as a version', () => {
    expect(softwareVersions('absolute software lfl-n2-12 computrace lojack for laptops 1 year license ( win 2000 xp )')).toEqual([]);
  });
  it('gives one version to the two listings of one program, none shared to two editions', () => {
    const word2007 = softwareVersions('microsoft word 2007 version upgrade');
    expect(softwareVersions('microsoft word 2007 upgrade ( pc )')).toEqual(word2007);
    expect(softwareVersions('microsoft office 2004 std upgrade')).not.toEqual(softwareVersions('microsoft office small business 2007 full version'));
  });
});

describe('licenceSeats', () => {
  it('reads user counts written several ways', () => {
    expect(licenceSeats('microsoft windows terminal server 2003 client additional license for users - 5 user')).toEqual([5]);
    expect(licenceSeats('microsoft windows server 2003 client additional license for users-5 pack')).toEqual([5]);
    expect(licenceSeats('quickbooks ( r ) pro 2007 edition 3-user')).toEqual([3]);
    expect(licenceSeats('19700045 adobe creative suite 3 web premium complete package 1 user cd mac univ')).toEqual([1]);
    expect(licenceSeats('microsoft word 2007 version upgrade')).toEqual([]);
  });
});

describe('licenceTerms', () => {
  it('reads upgrades (with shops\' spellings) and academic licences', () => {
    expect(licenceTerms('microsoft office 2004 std upgrade')).toEqual(['upgrade']);
    expect(licenceTerms('adobe creative suite cs3 master collection upsell')).toEqual(['upgrade']);
    expect(licenceTerms('adobe illustrator cs3 for mac academic')).toEqual(['academic']);
    expect(licenceTerms('adobe premiere pro cs3')).toEqual([]);
  });
});

describe('productCodes', () => {
  it('reads watch references and shoe style codes, without their separators', () => {
    expect(productCodes('Rolex Submariner 116610LN Pre-loved Rolex 116610LN watch at Albemarle Bond')).toEqual(['116610LN']);
    expect(productCodes('Omega Seamaster 300m 2531.80.00 2531.80.00 Watch | Watchfinder & Co.')).toEqual(['25318000']);
    expect(productCodes('Mens Nixon The Crew Watch A1186-001 New arrivals | Shop New Hut')).toEqual(['A1186001']);
    expect(productCodes('Nike WMNS Air Force 1 Low Upstep BR white (833123-100) (833123-100) | Bludshop.com')).toEqual(['833123100']);
    expect(productCodes('Nike WMNS Tennis Classic Classic White Black 312498-130 - Purchaze')).toEqual(['312498130']);
  });
  it('skips measures, ranges, prices and short numbers', () => {
    expect(productCodes('Canon EF-S 18-55mm f/3.5-5.6 IS II Lens')).toEqual([]);
    expect(productCodes('Junghans Automatikuhr Bill nur 925 00 €')).toEqual([]);
    expect(productCodes('marware c.e.o. hybrid ipad 2 case black 39.99')).toEqual([]);
  });
});

describe('gtinsInTitle', () => {
  it('reads a UPC or EAN with a valid check digit, as 14 digits', () => {
    expect(gtinsInTitle('canon bci 1421bk - ink tank - 1 x black printer ink toner canon 4960999180663 159.0')).toEqual(['04960999180663']);
    expect(gtinsInTitle('marware eco-vue for ipad 602956006572')).toEqual(['00602956006572']);
    expect(gtinsInTitle('canon cli-226 black ink tank printers canon 4546b001')).toEqual([]);
  });
});

describe('titleHead', () => {
  it('keeps the words before colours and shop names', () => {
    expect(
      titleHead('Nike Junior Mercurial Vapor X FG - Rouge Vif/ Violet Persan/ Noir chaussures de football junior Nike terrain sec enfant- rouge vif-violet persan-noir'),
    ).toEqual(['nike', 'junior', 'mercurial', 'vapor', 'x', 'fg']);
    expect(titleHead('Nike WMNS Benassi Jdi black / white (343881-011) (343881-011) | Bludshop.com')).toEqual(['nike', 'wmns', 'benassi', 'jdi', 'black']);
  });
});

describe('listing evidence in pair features', () => {
  const features = (a: string, b: string, extra: { model?: string; priceCents?: number } = {}) =>
    pairEvidence(prepareOffer({ title: a, model: extra.model ?? null }), prepareOffer({ title: b, priceCents: extra.priceCents ?? null })).features;

  it('tells two editions of a program apart by version, and one program by a shared version', () => {
    expect(features('microsoft office small business 2007 full version', 'microsoft office 2004 std upgrade').versionConflict).toBe(1);
    expect(features('microsoft word 2007 version upgrade', 'microsoft word 2007 upgrade ( pc )').versionAgree).toBe(1);
  });
  it('sees two references of one maker as a conflict, one reference written twice as agreement', () => {
    const rolex = 'Rolex Submariner 116610LN Pre-loved Rolex 116610LN watch at Albemarle Bond';
    expect(features(rolex, 'RolexNEW ROLEX MILGAUSS ANNIVERSARY EDITION MENS WATCH 116400GV Rolex').codeConflict).toBe(1);
    expect(features('Rolex Submariner 116610LN Buy Rolex 116610 watches online at Albemarle Bond', rolex).codeEqual).toBe(1);
  });
  it('compares a GTIN in one title with the other side\'s identifiers', () => {
    expect(features('marware eco-vue for ipad 602956006572', 'marware eco-vue for ipad 2 black 602956008538 cases sleeves marware 602956008538 25.08').gtinInTextDiffer).toBe(1);
    expect(features('marware eco-vue for ipad', 'marware eco-vue for ipad 602956006572', { model: '602956006572' }).gtinInText).toBe(1);
  });
  it('compares a price written in a title with the other side\'s price', () => {
    const f = features('georgia bulldogs iphone 4 case silicone cover tribeca 17.99', 'san diego padres iphone 4 case silicone cover', { priceCents: 2499 });
    expect(f.titlePriceLogRatio).toBeCloseTo(Math.log(2499 / 1799), 6);
  });
});
