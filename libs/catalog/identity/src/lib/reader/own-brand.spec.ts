import { extractProductIdentity } from '../page-identity';

const ld = (node: Record<string, unknown>) => `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...node })}</script>`;
const shopPage = (title: string, head: string, body = '') =>
  `<!doctype html><html><head><title>${title}</title><meta property="og:site_name" content="Bombas">${head}</head><body><a class="logo" href="/">Bombas</a><h1>Women's Ankle Sock 4-Pack</h1>${body}</body></html>`;

describe('a brand that is the shop’s own name', () => {
  const url = 'https://bombas.com/products/womens-ankle-sock-4-pack';

  it('is kept where the Product’s JSON-LD names the shop as the maker', () => {
    const html = shopPage("Women's Ankle Sock 4-Pack | Bombas", ld({ '@type': 'Product', name: "Women's Ankle Sock 4-Pack", brand: { '@type': 'Brand', name: 'Bombas' }, offers: { '@type': 'Offer', price: '51.60', priceCurrency: 'USD' } }));
    expect(extractProductIdentity(html, { url })?.brand).toBe('Bombas');
  });

  it('is kept where a microdata Product or a spec table’s brand row states it', () => {
    const micro = shopPage('Sock | Bombas', '', `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Women's Ankle Sock 4-Pack</span><span itemprop="brand">Bombas</span></div>`);
    expect(extractProductIdentity(micro, { url })?.brand).toBe('Bombas');
    const table = shopPage('Sock | Bombas', '', '<table><tr><th>Brand</th><td>Bombas</td></tr><tr><th>Material</th><td>Cotton</td></tr></table>');
    expect(extractProductIdentity(table, { url })?.brand).toBe('Bombas');
  });

  it('takes the shop’s name off a slogan the markup appends ("Gymshark | We Do Gym")', () => {
    const html = `<html><head><title>Arrival T-Shirt - Black | Gymshark</title><meta property="og:site_name" content="Gymshark"></head><body><h1>Arrival T-Shirt</h1>${ld({ '@type': 'Product', name: 'Arrival T-Shirt', brand: { '@type': 'Brand', name: 'Gymshark | We Do Gym' } })}</body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.gymshark.com/products/arrival-t-shirt' })?.brand).toBe('Gymshark');
  });

  it('is the maker’s name where the markup names the maker’s own store ("Sony Store Thailand", "Sony TH")', () => {
    const html = `<html><head><title>DualSense Wireless Controller</title></head><body><h1>DualSense Wireless Controller : CFI-ZCT1G</h1>${ld({ '@type': 'Product', name: 'DualSense Wireless Controller', brand: { '@type': 'Brand', name: 'Sony Store Thailand' } })}</body></html>`;
    expect(extractProductIdentity(html, { url: 'https://store.sony.co.th/products/dualsense' })?.brand).toBe('Sony');
    expect(extractProductIdentity(html.replace('Sony Store Thailand', 'Sony TH'), { url: 'https://store.sony.co.th/products/dualsense' })?.brand).toBe('Sony');
    // A store named after someone else is a brand as written.
    const other = html.replace('Sony Store Thailand', 'Dollar Shop Deals');
    expect(extractProductIdentity(other, { url: 'https://store.sony.co.th/products/dualsense' })?.brand).toBe('Dollar Shop Deals');
  });

  it('keeps the shop’s whole name where that name holds the word "Shop" ("The Frankie Shop" at thefrankieshop.com)', () => {
    const html = `<html><head><title>Gelso Jacket | The Frankie Shop</title><meta property="og:site_name" content="The Frankie Shop"></head><body><h1>Gelso Jacket</h1>${ld({ '@type': 'Product', name: 'Gelso Jacket', brand: { '@type': 'Brand', name: 'The Frankie Shop' } })}</body></html>`;
    expect(extractProductIdentity(html, { url: 'https://thefrankieshop.com/products/gelso-jacket' })?.brand).toBe('The Frankie Shop');
  });

  it('leaves out a season’s collection the markup writes after the maker ("STAUD SUMMER 2025", "Ganni FW24")', () => {
    const html = (brand: string) => `<html><head><title>Abaco Skirt | STAUD</title><meta property="og:site_name" content="STAUD"></head><body><h1>Abaco Skirt</h1>${ld({ '@type': 'Product', name: 'Abaco Skirt', brand: { '@type': 'Brand', name: brand } })}</body></html>`;
    expect(extractProductIdentity(html('STAUD SUMMER 2025'), { url: 'https://staud.clothing/products/abaco-skirt' })?.brand).toBe('STAUD');
    expect(extractProductIdentity(html('Ganni FW24'), { url: 'https://shop.example.com/products/abaco-skirt' })?.brand).toBe('Ganni');
    // A name that only ends with a year stays whole.
    expect(extractProductIdentity(html('Club 1999'), { url: 'https://shop.example.com/products/abaco-skirt' })?.brand).toBe('Club 1999');
  });

  it('is the shop’s name where a line marked as the item’s vendor by its heading writes it (a maker’s own shop)', () => {
    const page = (line: string) =>
      `<html><head><title>Extra Thick Yoga and Pilates Mat | ProsourceFit</title><meta property="og:site_name" content="ProsourceFit"></head><body><header><a class="logo" href="/">ProsourceFit</a></header><div class="product__info">${line}<h1>Extra Thick Yoga and Pilates Mat</h1><span class="price">$29.99</span></div></body></html>`;
    const at = { url: 'https://www.prosourcefit.com/products/extra-thick-yoga-and-pilates-mat' };
    expect(extractProductIdentity(page('<p class="product-vendor">ProsourceFit</p>'), at)?.brand).toBe('ProsourceFit');
    // A shop named after the maker it sells: "Birkenstock" at simplybirkenstock.com.
    const birkenstock = `<html><head><title>Arizona Sandal</title><meta property="og:site_name" content="SimplyBirkenstock"></head><body><div class="productView"><h6 class="product-brand">Birkenstock</h6><h1>Birkenstock Arizona Sandal – Stone</h1></div></body></html>`;
    expect(extractProductIdentity(birkenstock, { url: 'https://simplybirkenstock.com/birkenstock-arizona-sandal/' })?.brand).toBe('Birkenstock');
    // The shop's logo by the heading, a link to its home page, names the shop and no maker (on a page that names makers).
    expect(extractProductIdentity(page('<a class="navbar-brand" href="/">ProsourceFit</a><a href="/brands/">Brands</a>'), at)?.brand).toBeNull();
    // A line naming another maker is that maker.
    expect(extractProductIdentity(page('<p class="product-vendor">Gaiam</p>'), at)?.brand).toBe('Gaiam');
    // A seller's line that holds the shop's name, or its domain, names no maker (on a page that names makers).
    expect(extractProductIdentity(page('<p class="product-vendor">Sold by ProsourceFit</p><a href="/brands/">Brands</a>'), at)?.brand).toBeNull();
    expect(extractProductIdentity(page('<p class="product-vendor">prosourcefit.com</p><a href="/brands/">Brands</a>'), at)?.brand).toBeNull();
  });

  // The pages below name makers (a menu of brands): the shop may sell other makers' items.
  const manyMakers = '<nav><a href="/brands/">Brands</a></nav>';

  it('is no brand where the markup writes the shop’s domain name ("Teecentury.com")', () => {
    const micro = shopPage('Sock | Bombas', '', `${manyMakers}<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Women's Ankle Sock 4-Pack</span><span itemprop="brand">Bombas.com</span></div>`);
    expect(extractProductIdentity(micro, { url })?.brand).toBeNull();
  });

  it('is no brand where only the site’s name, the title’s suffix and the logo say it', () => {
    const html = shopPage("Women's Ankle Sock 4-Pack | Bombas", ld({ '@type': 'Product', name: "Women's Ankle Sock 4-Pack", offers: { '@type': 'Offer', price: '51.60', priceCurrency: 'USD' } }), manyMakers);
    expect(extractProductIdentity(html, { url })?.brand).toBeNull();
    // Where the page names no maker at all, the shop is the maker's own (own-name.spec.ts).
    expect(extractProductIdentity(html.replace(manyMakers, ''), { url })?.brand).toBe('Bombas');
  });
});

describe('a product group whose variants carry the offers', () => {
  it('reads the group’s name, brand and id when no variant is chosen', () => {
    const group = {
      '@type': 'ProductGroup',
      name: 'Trail 25 Pack',
      sku: '227955',
      brand: { '@type': 'Brand', name: 'REI Co-op' },
      hasVariant: [
        { '@type': 'Product', name: 'Trail 25 Pack - Shadow Bay - XS - XL', sku: '2279550009', color: 'Shadow Bay', offers: { '@type': 'Offer', price: '99.95', priceCurrency: 'USD' } },
        { '@type': 'Product', name: 'Trail 25 Pack - Black - XS - XL', sku: '2279550001', color: 'Black', offers: { '@type': 'Offer', price: '99.95', priceCurrency: 'USD' } },
      ],
    };
    const html = `<html><head><title>REI Co-op Trail 25 Pack | REI Co-op</title><meta property="og:site_name" content="REI Co-op"></head><body><h1>REI Co-op Trail 25 Pack</h1>${ld(group)}</body></html>`;
    const item = extractProductIdentity(html, { url: 'https://www.rei.com/product/227955/rei-co-op-trail-25-pack' });
    expect(item).toMatchObject({ brand: 'REI Co-op', sku: '227955', priceCents: 9995 });
  });
});

describe('part numbers', () => {
  const head = (title: string) => `<html><head><title>${title}</title>`;

  it('keeps a maker’s code the shop also uses as its item number when several sources state it as the part number', () => {
    const html = `${head('Shure SM7dB Active Dynamic Microphone | Sweetwater')}<meta property="product:mfr_part_no" content="SM7db"></head><body><h1>Shure SM7dB Active Dynamic Microphone</h1>${ld({ '@type': 'Product', name: 'Shure SM7dB Active Dynamic Microphone', sku: 'SM7dB', mpn: 'SM7db', brand: 'Shure' })}</body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.sweetwater.com/store/detail/SM7dB--shure-sm7db' })?.model).toBe('SM7db');
  });

  it('drops a part number one template writes as the shop’s item number', () => {
    for (const id of ['4711023', 'LK7200']) {
      const html = `${head('Lumetra K7 Keyboard')}</head><body><h1>Lumetra K7 Keyboard</h1>${ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: id, mpn: id })}</body></html>`;
      expect(extractProductIdentity(html, { url: 'https://shop.example/lk7' })?.model).toBeNull();
    }
  });

  it('keeps a maker’s code in parts the markup states as both the item number and the part number ("GV-N5050WF2OC-8GD")', () => {
    for (const code of ['GV-N5050WF2OC-8GD', 'ALD-00601', 'SM-A035M/DS']) {
      const html = `${head('Lumetra K7 Keyboard')}</head><body><h1>Lumetra K7 Keyboard</h1>${ld({ '@type': 'Product', name: 'Lumetra K7 Keyboard', sku: code, mpn: code })}</body></html>`;
      expect(extractProductIdentity(html, { url: 'https://shop.example/lk7' })?.model).toBe(code);
    }
  });

  it('reads the code of a model row that goes on with the item’s name', () => {
    const table = (model: string) => `${head('Samsung Galaxy A7 (2016) - 5.5" Dual SIM Mobile Phone - Gold | Jumia Egypt')}</head><body><h1>Galaxy A7 (2016) - 5.5" Dual SIM Mobile Phone - Gold</h1><table><tr><th>Model</th><td>${model}</td></tr></table></body></html>`;
    const url = 'https://www.jumia.com.eg/galaxy-a7-2016-mpg12043.html';
    expect(extractProductIdentity(table('SM-A710F Galaxy A7 (2016)'), { url })?.model).toBe('SM-A710F');
    // Words the title does not have are part of the model's name.
    expect(extractProductIdentity(table('OPTIPLEX 9010 TOWER'), { url })?.model).toBe('OPTIPLEX 9010 TOWER');
  });
});

describe('a marketplace', () => {
  it("is no maker's own shop: a listing that names no maker has no brand", () => {
    const html = `<!doctype html><html><head><title>Occhiali Smith Roll Off | eBay</title><meta property="og:site_name" content="eBay"></head><body><h1>Occhiali Smith Roll Off</h1><p class="price">EUR 1,00</p></body></html>`;
    expect(extractProductIdentity(html, { url: 'https://www.ebay.it/itm/113774671899' })?.brand ?? null).toBeNull();
  });
});
