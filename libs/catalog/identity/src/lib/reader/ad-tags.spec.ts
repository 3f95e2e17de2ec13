import { extractProductIdentity } from '../page-identity';

const URL = 'https://shop.example.com/p/lumetra-k7';
const page = (head: string, body = '') => `<!doctype html><html><head><title>Lumetra K7 Keyboard</title>${head}</head><body><h1>Lumetra K7 Keyboard</h1><span class="price">$49.90</span>${body}</body></html>`;
const script = (code: string) => `<script type="text/javascript">${code}</script>`;

describe('the item id the ad tags are handed', () => {
  it('reads the remarketing tag’s product id', () => {
    const tag = script("var google_tag_params = { ecomm_prodid: 'GLOWROLL', ecomm_pagetype: 'product', ecomm_totalvalue: 10.99 };");
    expect(extractProductIdentity(page(tag), { url: URL })?.sku).toBe('GLOWROLL');
    const listed = script('var google_tag_params = {"ecomm_prodid": ["W005759888"], "ecomm_pagetype": "product"};');
    expect(extractProductIdentity(page(listed), { url: URL })?.sku).toBe('W005759888');
  });

  it('reads the item an analytics product view tag names', () => {
    const tag = script('cmSetProduction(); cmCreateProductviewTag( "8986420", "Samsung-Series-5-550-37-LE37B550-HD-1080p-Freeview-LCD-TV","/Electronics/Electronics/")');
    expect(extractProductIdentity(page(tag), { url: URL })?.sku).toBe('8986420');
  });

  it('reads no id from a tag listing several items (a basket, a category) or from tags that disagree', () => {
    const basket = script("var google_tag_params = { ecomm_prodid: ['A-100', 'B-200'], ecomm_pagetype: 'cart' };");
    expect(extractProductIdentity(page(basket), { url: URL })?.sku ?? null).toBeNull();
    const two = script("var a = { ecomm_prodid: 'A-100' };") + script("var b = { ecomm_prodid: 'B-200' };");
    expect(extractProductIdentity(page(two), { url: URL })?.sku ?? null).toBeNull();
  });

  it('reads a Shopify store’s first variant SKU from its analytics object, before a remarketing id', () => {
    const meta = script('var meta = {"product":{"id":8307629123,"vendor":"BK","variants":[{"id":27401614339,"price":5900,"name":"Linen Robe - Blue","public_title":"Blue","sku":"HB002-BU"},{"id":27401614340,"price":5900,"name":"Linen Robe - Red","sku":"HB002-RD"}]},"page":{"pageType":"product"}};\nfor (var attr in meta) { window.ShopifyAnalytics.meta[attr] = meta[attr]; }');
    const remarketing = script("var google_tag_params = { ecomm_prodid: 'shopify_US_8307629123_27401614339' };");
    expect(extractProductIdentity(page(meta + remarketing), { url: URL })?.sku).toBe('HB002-BU');
  });

  it('reads the brand the analytics data layer names for the one item, not one of a list’s', () => {
    const detail = script('window.dataLayer = window.dataLayer || []; dataLayer.push({ "event": "view_item", "ecommerce": { "items": [{ "item_id": "20623218", "item_name": "Dell E2016HV", "item_brand": "Dell" }] }, "productBrand": "Dell" });');
    expect(extractProductIdentity(page(detail), { url: URL })?.brand).toBe('Dell');
    const list = script('dataLayer.push({ "ecommerce": { "items": [{ "item_name": "Garden Chair", "item_brand": "" }, { "item_name": "Garden Table", "item_brand": "Silva" }] } });');
    expect(extractProductIdentity(page(list), { url: URL })?.brand ?? null).toBeNull();
    const two = script('dataLayer.push({ "items": [{ "item_brand": "Urban Decay" }, { "item_brand": "MAKE UP FOR EVER" }] });');
    expect(extractProductIdentity(page(two), { url: URL })?.brand ?? null).toBeNull();
    // Other tag managers' keys.
    const lidl = script('var product = { "productId": "269910", "brandName": "Hoover" }; utag_data = { productbrand: "Hoover" };');
    expect(extractProductIdentity(page(lidl), { url: URL })?.brand).toBe('Hoover');
  });

  it('reads the id and brand of the product an analytics detail action views, where the item’s name holds the brand', () => {
    const grivel = (brand: string) =>
      script(`dataLayer.push({ 'ecommerce': { 'currencyCode': 'RUB', 'detail': { 'actionField': {'list': 'Crampons'}, 'products': [{ 'name': 'Lumetra K7 Keyboard', 'id': '5485', 'price': '5355', 'brand': '${brand}', 'category': 'Keyboards/' }] } } });`);
    const read = extractProductIdentity(page(grivel('LUMETRA')), { url: URL });
    expect(read?.sku).toBe('5485');
    expect(read?.brand).toBe('LUMETRA');
    // A range or a code in the brand field, which the item's name does not hold, names no brand.
    expect(extractProductIdentity(page(grivel('Road')), { url: URL })?.brand ?? null).toBeNull();
    const json = script('dataLayer.push({"ecommerce":{"detail":{"products":[{"name":"Lumetra K7 Keyboard","id":"LK-7","brand":"Lumetra"}]}}});');
    expect(extractProductIdentity(page(json), { url: URL })?.brand).toBe('Lumetra');
    // A list of impressions is no detail action.
    const list = script('dataLayer.push({"ecommerce":{"impressions":[{"name":"Lumetra K7 Keyboard","id":"LK-7","brand":"Lumetra"}]}});');
    expect(extractProductIdentity(page(list), { url: URL })?.brand ?? null).toBeNull();
  });

  it('reads the item id of GA4’s product view event, gtag’s and the data layer’s', () => {
    const gtag = script("gtag('event', 'view_item', { currency: 'EUR', value: 49.9, items: [{ item_id: 'BLU107411', item_name: 'Lumetra K7 Keyboard', price: 49.9 }] });");
    expect(extractProductIdentity(page(gtag), { url: URL })?.sku).toBe('BLU107411');
    const pushed = script('dataLayer.push({"event":"view_item","ecommerce":{"items":[{"item_id":"DRCDM","item_name":"Lumetra K7 Keyboard"},{"item_id":"OTHER-1"}]}});');
    expect(extractProductIdentity(page(pushed), { url: URL })?.sku).toBe('DRCDM');
    // A list's view names no one item.
    const list = script('dataLayer.push({"event":"view_item_list","ecommerce":{"items":[{"item_id":"DRCDM"},{"item_id":"OTHER-1"}]}});');
    expect(extractProductIdentity(page(list), { url: URL })?.sku ?? null).toBeNull();
  });
});
