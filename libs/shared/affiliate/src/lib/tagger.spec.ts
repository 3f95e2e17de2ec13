import { canonicalizeUrl, InvalidUrlError } from '@pricehunt/marketplace';
import { AffiliateError } from './errors';
import { AFFILIATE_PROGRAMMES, createAffiliateTagger, EBAY_ROTATION_IDS, tagUrl } from './tagger';

const tagger = createAffiliateTagger({
  amazon: { tag: 'ph-20', regionalTags: { 'amazon.co.uk': 'ph-21' } },
  ebay: { campaignId: '5338000001' },
  walmart: { publisherId: '111', adId: '565706', campaignId: '9383' },
  target: { publisherId: '222', adId: '81938', campaignId: '2092' },
  bestbuy: { publisherId: '333', adId: '614286', campaignId: '10014' },
  apple: { token: '1l3vx', campaign: 'ph' },
  playstation: { camref: '1100lXyz' },
  newegg: { publisherId: 'AbC*12', merchantId: '44583' },
  costco: { publisherId: '9000', adId: '8000' },
});
const enc = encodeURIComponent;
const utm = 'utm_source=pricehunt&utm_medium=price_comparison&utm_campaign=product_referral';

describe('tagUrl: Amazon Associates', () => {
  const dp = 'https://www.amazon.com/dp/B08N5WRWNW';

  it.each([
    ['adds tag= and keeps the existing query and fragment', `${dp}?th=1#reviews`, `${dp}?th=1&tag=ph-20#reviews`],
    ['replaces another tag in place instead of adding a second one', `${dp}?tag=other-20&th=1`, `${dp}?tag=ph-20&th=1`],
    ['replaces several tags with one', `${dp}?tag=a-20&tag=b-20`, `${dp}?tag=ph-20`],
    ['drops user info from a tagged link', 'https://user:pw@www.amazon.com/dp/B08N5WRWNW', `${dp}?tag=ph-20`],
    ['tags amazon.com subdomains', 'https://smile.amazon.com/dp/B08N5WRWNW', 'https://smile.amazon.com/dp/B08N5WRWNW?tag=ph-20'],
    ['uses the configured regional tag', 'https://www.amazon.co.uk/dp/B08N5WRWNW', 'https://www.amazon.co.uk/dp/B08N5WRWNW?tag=ph-21'],
    ['leaves a store without a regional tag untouched', 'https://www.amazon.de/dp/B08N5WRWNW', 'https://www.amazon.de/dp/B08N5WRWNW'],
    ['leaves Amazon short links untouched (they redirect and drop the query)', 'https://amzn.to/3xYzAbC', 'https://amzn.to/3xYzAbC'],
  ])('%s', (_case, url, tagged) => {
    expect(tagger.tagUrl(url)).toBe(tagged);
  });

  it('accepts a URL object', () => {
    expect(tagger.tagUrl(new URL(dp))).toBe(`${dp}?tag=ph-20`);
    expect(tagger.tagUrl(new URL('https://example.com'))).toBe('https://example.com/');
  });

  it('passes no reference id to Amazon', () => {
    expect(tagger.tagUrl(dp, { referenceId: 'aff_x_1_a' })).toBe(`${dp}?tag=ph-20`);
  });
});

describe('tagUrl: eBay Partner Network', () => {
  it('adds the EPN parameters in their usual order', () => {
    expect(tagger.tagUrl('https://www.ebay.com/itm/123456789012', { referenceId: 'aff_shop_1_abc' })).toBe(
      'https://www.ebay.com/itm/123456789012?mkevt=1&mkcid=1&mkrid=711-53200-19255-0&campid=5338000001&customid=aff_shop_1_abc&toolid=10001',
    );
  });

  it('omits customid without a reference id and drops a foreign one', () => {
    expect(tagger.tagUrl('https://www.ebay.com/itm/123456789012?customid=theirs&var=5')).toBe(
      'https://www.ebay.com/itm/123456789012?var=5&mkevt=1&mkcid=1&mkrid=711-53200-19255-0&campid=5338000001&toolid=10001',
    );
  });

  it('uses the rotation id of the eBay site', () => {
    expect(tagger.tagUrl('https://www.ebay.co.uk/itm/1234567890')).toContain('mkrid=710-53481-19255-0');
    expect(tagger.tagUrl('https://www.ebay.de/itm/1234567890')).toContain('mkrid=707-53477-19255-0');
    expect(Object.keys(EBAY_ROTATION_IDS)).toEqual([...AFFILIATE_PROGRAMMES.ebay.domains]);
  });

  it('leaves eBay sites outside EPN untouched', () => {
    expect(tagger.tagUrl('https://www.ebay.com.sg/itm/1234567890')).toBe('https://www.ebay.com.sg/itm/1234567890');
  });

  it('replaces another publisher’s campaign', () => {
    expect(tagger.tagUrl('https://www.ebay.com/itm/1?mkevt=1&campid=999&toolid=10001')).toBe(
      'https://www.ebay.com/itm/1?mkevt=1&campid=5338000001&toolid=10001&mkcid=1&mkrid=711-53200-19255-0',
    );
  });

  it('unwraps a Rover link to tag its destination', () => {
    const rover = `https://rover.ebay.com/rover/1/711-53200-19255-0/1?campid=999&mpre=${enc('https://www.ebay.com/itm/1')}`;
    expect(tagger.tagUrl(rover)).toBe('https://www.ebay.com/itm/1?mkevt=1&mkcid=1&mkrid=711-53200-19255-0&campid=5338000001&toolid=10001');
  });
});

describe('tagUrl: Impact (Walmart, Target, Best Buy)', () => {
  const walmart = 'https://www.walmart.com/ip/Apple-AirPods/604342441?classType=REGULAR#about';

  it('wraps Walmart links in goto.walmart.com with the encoded destination, fragment included', () => {
    expect(tagger.tagUrl(walmart)).toBe(`https://goto.walmart.com/c/111/565706/9383?u=${enc(walmart)}`);
  });

  it('passes the reference id as subId1', () => {
    expect(tagger.tagUrl(walmart, { referenceId: 'aff_a_1_b' })).toBe(`https://goto.walmart.com/c/111/565706/9383?u=${enc(walmart)}&subId1=aff_a_1_b`);
  });

  it('wraps Target links in goto.target.com', () => {
    const target = 'https://www.target.com/p/airpods/-/A-85978612';
    expect(tagger.tagUrl(target)).toBe(`https://goto.target.com/c/222/81938/2092?u=${enc(target)}`);
  });

  it('wraps Best Buy links in bestbuy.7tiv.net', () => {
    const bestbuy = 'https://www.bestbuy.com/site/airpods/6447382.p?skuId=6447382';
    expect(tagger.tagUrl(bestbuy)).toBe(`https://bestbuy.7tiv.net/c/333/614286/10014?u=${enc(bestbuy)}`);
  });

  it('rewraps another publisher’s Impact link with ours', () => {
    const theirs = `https://goto.walmart.com/c/999/1/9383?u=${enc(walmart)}&subId1=theirs`;
    expect(tagger.tagUrl(theirs)).toBe(`https://goto.walmart.com/c/111/565706/9383?u=${enc(walmart)}`);
  });

  it('leaves stores outside the US programmes untouched', () => {
    expect(tagger.tagUrl('https://www.walmart.ca/en/ip/x/6000203434590')).toBe('https://www.walmart.ca/en/ip/x/6000203434590');
    expect(tagger.tagUrl('https://www.bestbuy.ca/en-ca/product/x/15166285')).toBe('https://www.bestbuy.ca/en-ca/product/x/15166285');
  });

  it('leaves a tracking host link without destination untouched', () => {
    expect(tagger.tagUrl('https://goto.walmart.com/c/1/2/3')).toBe('https://goto.walmart.com/c/1/2/3');
  });
});

describe('tagUrl: Apple Performance Partners', () => {
  it('adds at= and ct=', () => {
    expect(tagger.tagUrl('https://apps.apple.com/us/app/numbers/id361304891')).toBe('https://apps.apple.com/us/app/numbers/id361304891?at=1l3vx&ct=ph');
  });

  it('replaces existing values and keeps the reference id out of ct', () => {
    expect(tagger.tagUrl('https://www.apple.com/shop/product/MX532AM/A/airtag?ct=old&fnode=1', { referenceId: 'r1' })).toBe(
      'https://www.apple.com/shop/product/MX532AM/A/airtag?ct=ph&fnode=1&at=1l3vx',
    );
  });
});

describe('tagUrl: PlayStation Direct on Partnerize', () => {
  const ps = 'https://direct.playstation.com/en-us/consoles/console/playstation5-console.3006646';

  it('wraps in a prf.hn click link', () => {
    expect(tagger.tagUrl(ps)).toBe(`https://prf.hn/click/camref:1100lXyz/destination:${enc(ps)}`);
  });

  it('passes the reference id as pubref', () => {
    expect(tagger.tagUrl(ps, { referenceId: 'aff_a_1_b' })).toBe(`https://prf.hn/click/camref:1100lXyz/pubref:aff_a_1_b/destination:${enc(ps)}`);
  });
});

describe('tagUrl: Newegg on Rakuten', () => {
  const newegg = 'https://www.newegg.com/p/N82E16819113663?Item=N82E16819113663';

  it('wraps in a LinkSynergy deep link', () => {
    expect(tagger.tagUrl(newegg)).toBe(`https://click.linksynergy.com/deeplink?id=AbC*12&mid=44583&murl=${enc(newegg)}`);
  });

  it('passes the reference id as u1', () => {
    expect(tagger.tagUrl(newegg, { referenceId: 'r1' })).toBe(`https://click.linksynergy.com/deeplink?id=AbC*12&mid=44583&murl=${enc(newegg)}&u1=r1`);
  });

  it('leaves Newegg Canada untouched', () => {
    expect(tagger.tagUrl('https://www.newegg.ca/p/N82E16819113663')).toBe('https://www.newegg.ca/p/N82E16819113663');
  });
});

describe('tagUrl: Costco on CJ', () => {
  const costco = 'https://www.costco.com/tv.product.100123456.html';

  it('wraps in a CJ click link', () => {
    expect(tagger.tagUrl(costco)).toBe(`https://www.anrdoezrs.net/click-9000-8000?url=${enc(costco)}`);
  });

  it('passes the reference id as sid', () => {
    expect(tagger.tagUrl(costco, { referenceId: 'r1' })).toBe(`https://www.anrdoezrs.net/click-9000-8000?url=${enc(costco)}&sid=r1`);
  });
});

describe('tagUrl: UTM values', () => {
  it('adds the fixed UTM values when asked', () => {
    expect(tagger.tagUrl('https://www.amazon.com/dp/B08N5WRWNW', { utm: true })).toBe(`https://www.amazon.com/dp/B08N5WRWNW?${utm}&tag=ph-20`);
  });

  it('puts UTM values inside the destination of wrapped links', () => {
    const walmart = 'https://www.walmart.com/ip/604342441';
    expect(tagger.tagUrl(walmart, { utm: true })).toBe(`https://goto.walmart.com/c/111/565706/9383?u=${enc(`${walmart}?${utm}`)}`);
  });

  it('accepts overrides', () => {
    expect(tagger.tagUrl('https://example.com/p', { utm: { campaign: 'spring' } })).toBe(
      'https://example.com/p?utm_source=pricehunt&utm_medium=price_comparison&utm_campaign=spring',
    );
  });

  it('replaces earlier UTM values instead of duplicating them', () => {
    expect(tagger.tagUrl('https://example.com/p?utm_source=x&a=1#f', { utm: true })).toBe(
      'https://example.com/p?utm_source=pricehunt&a=1&utm_medium=price_comparison&utm_campaign=product_referral#f',
    );
  });

  it('adds nothing when utm is false', () => {
    expect(tagger.tagUrl('https://example.com/p', { utm: false })).toBe('https://example.com/p');
  });
});

describe('tagUrl: unknown hosts and look-alikes', () => {
  it.each(['https://example.com/p?x=1#y', 'https://notamazon.com/dp/B08N5WRWNW', 'https://amazon.com.evil.com/dp/B08N5WRWNW', 'HTTPS://Example.com'])(
    'returns %s exactly as given',
    (url) => {
      expect(tagger.tagUrl(url)).toBe(url);
    },
  );

  it('trims surrounding white space', () => {
    expect(tagger.tagUrl('  https://example.com/p  ')).toBe('https://example.com/p');
  });

  it('returns a redirect link to an unknown destination as given', () => {
    const link = `https://goto.walmart.com/c/1/2/3?u=${enc('https://example.com/x')}`;
    expect(tagger.tagUrl(link)).toBe(link);
  });
});

/** A product page at the store of each programme. */
const PROGRAMME_PAGES = [
  'https://www.amazon.com/Apple-AirPods/dp/B0BDHWDR12?th=1',
  'https://www.ebay.com/itm/123456789012?var=1',
  'https://www.walmart.com/ip/604342441?classType=REGULAR',
  'https://www.target.com/p/-/A-85978612',
  'https://www.bestbuy.com/site/6447382.p?skuId=6447382',
  'https://apps.apple.com/us/app/numbers/id361304891',
  'https://direct.playstation.com/en-us/consoles/console/playstation5-console.3006646',
  'https://www.newegg.com/p/N82E16819113663',
  'https://www.costco.com/tv.product.100123456.html',
];

describe('tagUrl: idempotence', () => {
  // Pages with a fragment, and a page no programme covers, too.
  const urls = [...PROGRAMME_PAGES, 'https://www.amazon.com/dp/B08N5WRWNW?th=1#reviews', 'https://www.walmart.com/ip/604342441?classType=REGULAR#about', 'https://example.com/p?x=1'];

  it.each(urls)('tagging the tagged %s again gives the same link', (url) => {
    for (const options of [{}, { referenceId: 'aff_shop_1_abc' }, { utm: true }, { referenceId: 'r', utm: { source: 'x' } }]) {
      const once = tagger.tagUrl(url, options);
      expect(tagger.tagUrl(once, options)).toBe(once);
    }
  });
});

describe('tagUrl and canonicalizeUrl', () => {
  it.each(PROGRAMME_PAGES)('a tagged link to %s canonicalises to the untagged page', (url) => {
    const tagged = tagger.tagUrl(url, { referenceId: 'aff_shop_1_abc', utm: true });
    expect(tagged).not.toBe(url);
    expect(canonicalizeUrl(tagged)).toBe(canonicalizeUrl(url));
  });
});

describe('tagUrl: bad input', () => {
  it.each(['ftp://amazon.com/dp/B08N5WRWNW', 'javascript:alert(1)', 'amazon.com/dp/B08N5WRWNW', ''])('refuses %j with InvalidUrlError', (url) => {
    expect(() => tagger.tagUrl(url)).toThrow(InvalidUrlError);
  });

  it('refuses an unusable reference id naming the option', () => {
    for (const referenceId of ['', 'has space', 'x'.repeat(129), 'a&b']) {
      try {
        tagger.tagUrl('https://www.ebay.com/itm/1', { referenceId });
        throw new Error('expected a throw');
      } catch (error) {
        expect(error).toBeInstanceOf(AffiliateError);
        expect((error as AffiliateError).field).toBe('referenceId');
      }
    }
  });

  it('treats a null reference id as none', () => {
    expect(tagger.tagUrl('https://www.costco.com/a.product.1234.html', { referenceId: null })).not.toContain('sid=');
  });
});

describe('programmeFor', () => {
  it('answers the programme that would tag the URL', () => {
    expect(tagger.programmeFor('https://www.amazon.com/dp/B08N5WRWNW')?.network).toBe('amazon-associates');
    expect(tagger.programmeFor('https://www.costco.com/x.product.1234.html')?.network).toBe('cj');
    expect(tagger.programmeFor(`https://goto.walmart.com/c/1/2/3?u=${enc('https://www.walmart.com/ip/1')}`)?.retailer).toBe('walmart');
  });

  it('answers null for uncovered hosts and bad input', () => {
    expect(tagger.programmeFor('https://example.com')).toBeNull();
    expect(tagger.programmeFor('https://www.walmart.ca/en/ip/x/1')).toBeNull();
    expect(tagger.programmeFor('nope')).toBeNull();
  });
});

describe('createAffiliateTagger', () => {
  it('exposes the validated configuration', () => {
    expect(tagger.config.ebay.campaignId).toBe('5338000001');
  });

  it('refuses an unusable configuration naming the value', () => {
    expect(() => createAffiliateTagger({ ebay: { campaignId: 'a b' } })).toThrow('ebay.campaignId');
  });
});

describe('tagUrl (default configuration)', () => {
  it('uses the placeholder ids', () => {
    expect(tagUrl('https://www.amazon.com/dp/B08N5WRWNW')).toBe('https://www.amazon.com/dp/B08N5WRWNW?tag=pricehunt-20');
    expect(tagUrl('https://www.ebay.com/itm/1')).toContain('campid=PRICEHUNT_EBAY_CAMPAIGN');
  });
});
