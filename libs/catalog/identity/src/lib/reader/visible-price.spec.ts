import { extractProductIdentity } from '../page-identity';

const URL = 'https://www.shop.example.co.uk/dp/0387310738';

describe('the price the page shows for its own item', () => {
  it('skips a “frequently bought together” bundle’s price beside the add-to-basket control', () => {
    const item = '<h1 id="title">Pattern Recognition and Machine Learning</h1><div class="buybox"><span class="price">£48.44</span><form><button>Add to Basket</button></form></div>';
    const bundle = '<div id="fbt_price_block"><span id="fbt_bpt">Price For All Three:</span>&nbsp;<span class="price" id="fbt_buying_price">£136.88</span><br><input type="image" alt="Add all three to Basket" class="s_add3ToCart" name="submit.addToCart"></div>';
    const html = `<!doctype html><html><head><title>Pattern Recognition</title></head><body>${item}<div class="frequently-bought-together">${bundle}</div>${bundle}</body></html>`;
    expect(extractProductIdentity(html, { url: URL })?.priceCents).toBe(4844);
  });
});
