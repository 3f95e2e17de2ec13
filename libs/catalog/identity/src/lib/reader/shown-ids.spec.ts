import { extractProductIdentity } from '../page-identity';

const URL = 'https://shop.example.co.uk/product/4667999';
const doc = (head: string, body: string, title = 'Lumetra K7 Keyboard') => `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
const ld = (node: Record<string, unknown>) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...node })}</script>`;
const read = (head: string, body: string, url = URL) => extractProductIdentity(doc(head, body), { url });
const buyBox = '<p class="price">£49.90</p><button class="add-to-cart">Add to basket</button>';

describe('the item number as the page shows it', () => {
  it('reads a microdata sku as its element shows it where its content writes the same number without separators', () => {
    const micro = (shown: string) =>
      `<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Lumetra K7 Keyboard</h1><span itemprop="sku" content="4667999">${shown}</span>${buyBox}</div>`;
    expect(read('', micro('466/7999'))?.sku).toBe('466/7999');
    expect(read('', micro('Cat. no. 4667999'))?.sku).toBe('4667999');
    expect(read('', micro('466/8000'))?.sku).toBe('4667999');
  });

  it('takes the number the page shows under its label over another id of the markup, but on Amazon', () => {
    const json = ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: '238368885', offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'GBP' } });
    // The markup states its id twice over (JSON-LD and microdata), which outweighs one labelled row for the judge alone.
    const micro = '<div itemscope itemtype="http://schema.org/Product"><meta itemprop="sku" content="238368885"></div>';
    expect(read(json, `${micro}<h1>Lumetra K7 Keyboard</h1>${buyBox}<table><tr><th>Product code</th><td>83810610</td></tr></table>`)?.sku).toBe('83810610');
    expect(read(json, `${micro}<h1>Lumetra K7 Keyboard</h1>${buyBox}`)?.sku).toBe('238368885');
  });

  it("reads big shops' own labels of their item numbers: Home Depot's \"Internet #\" before its store SKU, Walmart's \"Walmart #\"", () => {
    const depot = '<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Liquidtight Conduit</h1><h2>Model # 6202-22-00</h2><h2>Internet #<span itemprop="productID">202286744</span></h2><h2>Store SKU #<span itemprop="sku">862425</span></h2></div>';
    expect(read('', `${depot}${buyBox}`, 'https://www.shop.example.com/p/liquidtight-conduit')?.sku).toBe('202286744');
    const walmart = '<h1>Big Kid Booster Seat</h1><div class="wm-item-number">Walmart #: <!-- a comment -->553503329</div>';
    expect(read('', `${walmart}${buyBox}`, 'https://www.shop.example.com/ip/Big-Kid-Booster/42338107')?.sku).toBe('553503329');
  });

  it('reads a label its value follows after a spaced dash ("Product Code - 38711848"), and a value without the list\'s semicolon', () => {
    const json = ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: '109190006', offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'GBP' } });
    const rows = '<ul><li data-cy="attribute"><strong>Product Code - </strong><p>38711848</p></li><li><span>Производитель - </span> <span>Россия; </span></li></ul>';
    const item = read(json, `<h1>Lumetra K7 Keyboard</h1>${buyBox}${rows}`);
    expect(item?.sku).toBe('38711848');
    expect(item?.brand ?? null).toBeNull();
  });

  it('reads a code an element marked as the item number writes alone, not a barcode, a variant row or a tile of other items', () => {
    const body = (marked: string) => `<h1>Lumetra K7 Keyboard</h1>${buyBox}<p class="product-color"><span>Black</span> - ${marked}</p>`;
    const read = (head: string, body: string) => extractProductIdentity(doc(head, body), { url: 'https://shop.example.co.uk/lumetra-k7-keyboard' });
    expect(read('', body('<span data-qa-qualifier="product-reference">1002/710</span>'))?.sku).toBe('1002/710');
    expect(read('', body('<span class="product-sku">LK7-DE01</span>'))?.sku).toBe('LK7-DE01');
    expect(read('', body('<span class="sku-ean-code">4006381333931</span>'))?.sku ?? null).toBeNull();
    expect(read('', body('<span class="variant-item__sku">LK7-DE02</span>'))?.sku ?? null).toBeNull();
    expect(read('', body('<a href="/p/other"><span class="product-tile__sku">S6UCA319</span></a>'))?.sku ?? null).toBeNull();
    expect(read('', body('<span class="product-sku">Keyboard</span>'))?.sku ?? null).toBeNull();
  });
});

describe('the maker’s number in a row of the specification', () => {
  const rows = (...pairs: [string, string][]) =>
    read('', `<h1>Lumetra K7 Keyboard</h1>${buyBox}<table>${pairs.map(([l, v]) => `<tr><th>${l}</th><td>${v}</td></tr>`).join('')}</table>`, 'https://shop.example.lv/p/k7')?.model ?? null;

  it('reads it under the labels of more languages', () => {
    expect(rows(['Ražotāja kods', 'ECC60912110'])).toBe('ECC60912110');
    expect(rows(['Modelo', 'PA-849-2020-KIT'])).toBe('PA-849-2020-KIT');
    expect(rows(['Gamintojo kodas', 'LK7-DE01'])).toBe('LK7-DE01');
  });

  it("takes a later part number's row that writes a bare model row's name within a fuller code, and no model named in words", () => {
    expect(rows(['Modelo', 'A71'], ['Referência', 'SM-A715FZBJZTO'])).toBe('SM-A715FZBJZTO');
    expect(rows(['Model', 'ROG-STRIX-RTX4080S-16G-WHITE'], ['Part Number', '90YV0KB3-M0AA00'])).toBe('ROG-STRIX-RTX4080S-16G-WHITE');
    expect(rows(['Modelo', 'SOYES XS11 (Minismartphone)'])).toBeNull();
  });

  it("reads no maker's number from a factory marketplace's \"Model Number\" row, the supplier's own code", () => {
    const body = `<h1>Stainless Steel Cheese Slicer</h1>${buyBox}<table><tr><th>Brand Name</th><td>YONGLI</td></tr><tr><th>Model Number</th><td>YLKS32</td></tr></table>`;
    expect(read('', body, 'https://www.alibaba.com/product-detail/Cheese-Slicer_62320522213.html')?.model ?? null).toBeNull();
    expect(read('', body, 'https://www.shop.example.com/product-detail/Cheese-Slicer_62320522213.html')?.model).toBe('YLKS32');
  });

  it('keeps a labelled model number that is also the shop’s item number', () => {
    const json = ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: 'PSE25KYHFS', offers: { '@type': 'Offer', price: '49.90', priceCurrency: 'GBP' } });
    const item = read(json, `<h1>Lumetra K7 Keyboard</h1>${buyBox}<table><tr><th>Model #</th><td>PSE25KYHFS</td></tr></table>`);
    expect(item?.sku).toBe('PSE25KYHFS');
    expect(item?.model).toBe('PSE25KYHFS');
  });
});

describe('the brand as the item’s name writes it', () => {
  it('keeps the hyphen the title writes where the source naming the brand writes a space', () => {
    const json = (brand: string, name: string) => ld({ '@type': 'Product', name, brand: { '@type': 'Brand', name: brand }, offers: { '@type': 'Offer', price: '34.99', priceCurrency: 'GBP' } });
    expect(read(json('TP Link', 'TP-Link Tapo C200 Camera'), '<h1>TP-Link Tapo C200 Camera</h1>')?.brand).toBe('TP-Link');
    expect(read(json('Coca Cola', 'The Coca-Cola Glass'), '<h1>The Coca-Cola Glass</h1>')?.brand).toBe('Coca-Cola');
    expect(read(json('TP Link', 'Tapo C200 Camera'), '<h1>Tapo C200 Camera</h1>')?.brand).toBe('TP Link');
    expect(read(json('Jack Wolfskin', 'Jack-Wolf Skin Jacket'), '<h1>Jack-Wolf Skin Jacket</h1>')?.brand).toBe('Jack Wolfskin');
  });
});
