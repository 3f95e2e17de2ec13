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
