import { slugQueryFromUrl } from './slug';

describe('slugQueryFromUrl', () => {
  it.each([
    ['https://www.amazon.com/Sony-WH-1000XM5-Canceling-Headphones-Hands-Free/dp/B09XS7JWHH/ref=sr_1_1?th=1', 'sony wh 1000xm5 canceling headphones hands free'],
    ['https://www.walmart.com/ip/Apple-AirPods-Pro-2nd-Generation/1752657021', 'apple airpods pro 2nd generation'],
    ['https://www.bestbuy.com/site/sony-wh1000xm5-wireless-headphones-black/6505727.p?skuId=6505727', 'sony wh1000xm5 wireless headphones black'],
    ['https://shop.example/products/logitech_mx_master_3s.html', 'logitech mx master 3s'],
    ['https://www.ebay.com/itm/Nintendo%20Switch%20OLED%20White/1234567890', 'nintendo switch oled white'],
    ['https://www.amazon.com/bose-quietcomfort-45-headphones-midnight-blue/dp/B080DKGREF', 'bose quietcomfort 45 headphones midnight blue'],
    ['https://www.walmart.com/ip/Samsung-65-Class-Crystal-UHD-TV/6543210987', 'samsung 65 class crystal uhd tv'],
    // Digit runs among product words are part numbers, split where the title had a dash.
    ['https://www.bestbuy.com/site/bose-quietcomfort-earbuds-ii-870639-0100-headphones-black/3468956.p?skuId=3468956', 'bose quietcomfort earbuds ii 870639 0100 headphones black'],
    ['https://www.amazon.com/nikon-z-fc-33952-mirrorless-camera-body-only/dp/B051DYWM0Y', 'nikon z fc 33952 mirrorless camera body only'],
    ['https://www.target.com/p/logitech-brio-500-webcam/-/A-87654321', 'logitech brio 500 webcam'],
    // Trademark signs part words; a configurator's options follow the product's own segment.
    ['https://www.amazon.com/PlayStation%C2%AE5-console-slim-PlayStation-5/dp/B0CL61F39H', 'playstation 5 console slim playstation 5'],
    ['https://www.apple.com/shop/buy-iphone/iphone-15/6.1-inch-display-128gb-black-unlocked', 'iphone 15 6 1 inch display 128gb black unlocked'],
    ['https://www.apple.com/shop/buy-iphone/iphone-15', 'iphone 15'],
    // A letter after a model number is its variant's: "WH1000XM5/B" is the black pair.
    ['https://www.bhphotovideo.com/c/product/1746723-REG/sony_wh1000xm5_b_wh_1000xm5_wireless_noise_canceling_headphones.html', 'sony wh1000xm5/b wh 1000xm5 wireless noise canceling headphones'],
    ['https://shop.example/p/logitech-mx-a-master', 'logitech mx master'],
  ])('%s → %s', (url, query) => {
    expect(slugQueryFromUrl(url)).toBe(query);
  });

  it('keeps the words that end a long slug, where its colour most often is', () => {
    expect(slugQueryFromUrl('https://www.amazon.com/asus-rog-strix-g16-gaming-laptop-windows-11-home-long-battery-life-8gb-ram-256gb-ssd-black/dp/B0W1DMTJ04')).toBe(
      'asus rog strix g16 gaming laptop windows 11 home long battery life 8gb ram 256gb ssd black',
    );
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    expect(slugQueryFromUrl(`https://shop.example/p/${words.join('-')}-midnight-blue`)).toBe([...words.slice(0, 20), 'w28', 'w29', 'midnight', 'blue'].join(' '));
  });

  it('reads the shop page inside an affiliate deep link', () => {
    const shop = 'https://www.newegg.com/corsair-32gb-ddr5-memory/p/N82E16820236910';
    const wrapped = `https://click.linksynergy.com/deeplink?id=abc&mid=44583&murl=${encodeURIComponent(shop)}`;
    expect(slugQueryFromUrl(wrapped)).toBe('corsair 32gb ddr5 memory');
  });

  it("never counts the retailer's product id as a word", () => {
    expect(slugQueryFromUrl('https://www.newegg.com/p/N82E16820236910')).toBeNull();
  });

  it('drops long digit runs, and shorter ones that stand nearly alone, as ids', () => {
    expect(slugQueryFromUrl('https://shop.example/item/camera-12345678901-black')).toBe('camera black');
    expect(slugQueryFromUrl('https://shop.example/gifts/tv-1234567')).toBe('tv');
  });

  it('returns null when the path holds only ids and routing words', () => {
    expect(slugQueryFromUrl('https://www.amazon.com/dp/B09XS7JWHH')).toBeNull();
    expect(slugQueryFromUrl('https://www.ebay.com/itm/1234567890')).toBeNull();
    expect(slugQueryFromUrl('https://example.com/')).toBeNull();
  });

  it('reads no product in words that say what became of the page', () => {
    expect(slugQueryFromUrl('http://demo-store.localhost/p/missing.html')).toBeNull();
    expect(slugQueryFromUrl('https://shop.example/404')).toBeNull();
    expect(slugQueryFromUrl('https://shop.example/page-not-found')).toBeNull();
    expect(slugQueryFromUrl('https://shop.example/product-removed/anker-nano-charger')).toBe('anker nano charger');
  });

  it('names the field of a bad URL', () => {
    expect(() => slugQueryFromUrl('not a url')).toThrow('url must be');
    expect(() => slugQueryFromUrl('ftp://x.example/a-b')).toThrow('url must be');
  });
});
