import { extractProductIdentity } from '../page-identity';

describe('the Amazon buy box of a book’s page', () => {
  it('reads the “Buy New” row’s price, not the RRP under it nor the similar items’ prices', () => {
    const buyNew = '<div id="buyNewSection" class="a-section rbbHeader dp-accordion-row"><a class="a-link-normal rbbHeaderLink" href="/gp/product/0387310738?selectObb=new"><div class="a-row"><span class="a-text-bold">Buy New</span></div><div class="a-row"><span class="a-size-medium a-color-price offer-price a-text-normal">£48.44</span></div></a></div><div id="buyNewInner"><span class="a-color-secondary">RRP:</span> <span class="a-color-secondary a-text-strike">£63.99</span></div>';
    const similar = '<ul><li><div class="new-faceout p13nimp" data-asin="0262018020"><div class="pricetext"><span class="price">£41.49</span></div></div></li></ul>';
    const html = `<!doctype html><html><head><title>Pattern Recognition and Machine Learning: Amazon.co.uk</title></head><body><h1 id="title"><span id="productTitle">Pattern Recognition and Machine Learning</span></h1>${buyNew}${similar}<input type="hidden" name="ASIN" value="0387310738"></body></html>`;
    const item = extractProductIdentity(html, { url: 'https://www.amazon.co.uk/dp/0387310738' });
    expect(item?.priceCents).toBe(4844);
    expect(item?.currency).toBe('GBP');
  });
});

describe('the Amazon byline', () => {
  const page = (byline: string) => `<!doctype html><html><head><title>Amazon.de</title></head><body><span id="productTitle">Herren Boxershorts, 6er Pack</span><a id="bylineInfo" href="/stores/page/1">${byline}</a><div id="corePrice_feature_div"><span class="a-offscreen">49,95 €</span></div><input type="hidden" name="ASIN" value="B0932XK47G"></body></html>`;
  it.each([
    ['Besuche den Romberg-Store', 'Romberg'],
    ['Besuchen Sie den Romberg-Store', 'Romberg'],
    ['Visiter la boutique Romberg', 'Romberg'],
    ['Visit the Romberg Store', 'Romberg'],
    ['Marke: Romberg', 'Romberg'],
  ])('names the maker of "%s"', (byline, brand) => {
    expect(extractProductIdentity(page(byline), { url: 'https://www.amazon.de/dp/B0932XK47G' })?.brand).toBe(brand);
  });
});
