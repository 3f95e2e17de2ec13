import { extractProductIdentity } from '../page-identity';

const URL = 'https://www.shop.example.lv/lat/product/545642356';

describe('the brand a link or logo names beside the item’s heading', () => {
  const menu = Array.from({ length: 45 }, (_, i) => `<a href="/lat/brand/MAKER_${i}/?cat=1005"><img src="/brands/maker_${i}.png" alt="MAKER ${i}"></a>`).join('');
  const item = '<div class="product"><h1 class="product-name"> Zeķes CALVIN KLEIN Brooklyn </h1><div class="logo"><a href="/lat/brand/CALVIN_KLEIN/" title="CALVIN KLEIN"><img src="/featured_brands/calvin_klein.png" alt="CALVIN KLEIN"></a></div></div>';

  it('reads the item’s brand link after a menu of every brand the shop sells', () => {
    const html = `<!doctype html><html><head><title>Zeķes CALVIN KLEIN Brooklyn</title></head><body><div class="brands-menu">${menu}</div>${item}</body></html>`;
    expect(extractProductIdentity(html, { url: URL })?.brand).toBe('CALVIN KLEIN');
  });
});

describe('the brand an element marked as the item’s brand shows by its heading', () => {
  const page = (block: string, header = '') =>
    `<!doctype html><html><head><title>E274F-BK 27IN LCD LED | Haym</title></head><body><header>${header}</header><div class="product-main"><div class="info">${block}</div><p>1920X1080 DP HDMI</p></div></body></html>`;
  const read = (block: string, header?: string) => extractProductIdentity(page(block, header), { url: 'https://www.haym.example/e274f-bk' })?.brand ?? null;

  it('reads a brand line marked by its class or id above or below the heading, without a label before it', () => {
    expect(read('<a href="/marke/nec-201" id="brand-marker">NEC</a><h1>E274F-BK 27IN LCD LED (60005830)</h1>')).toBe('NEC');
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><p class="product-single__vendor">Marke: NEC</p>')).toBe('NEC');
    // A name that begins like a label's word is kept whole; a byline's word is taken off.
    for (const name of ['Dell', 'Brandt', 'Byredo', 'Vonage']) expect(read(`<div class="product-brand">${name}</div><h1>E274F-BK 27IN LCD LED</h1>`)).toBe(name);
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><div class="product-vendor">by Sharp NEC</div>')).toBe('Sharp NEC');
  });

  it('reads none from a utility class that only begins with the word, a button, the shop’s header, or a line with more than a name', () => {
    expect(read('<div class="brand-title-case"><span>Ergo Series</span></div><h1 class="brand-title-case">MX Vertical</h1>')).toBeNull();
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><button class="btn-brand">Add to cart</button>')).toBeNull();
    expect(read('<h1>E274F-BK 27IN LCD LED</h1>', '<a class="navbar-brand" href="/">Haym</a>')).toBeNull();
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><div class="product-brand">NEC Display 60005830</div>')).toBeNull();
    expect(read('<h1>E274F-BK 27IN LCD LED</h1><div class="product-brand-info">Art.-Nr.: AGX-NEC</div>')).toBeNull();
  });
});
