import { parseGmcXml, readGmcXml } from './gmc-xml';
import { FeedFormatError } from './stream';

const rss = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by the store -->
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
  <channel>
    <title>Example Store</title>
    <link>https://shop.example.com</link>
    <item>
      <g:id>TV-65</g:id>
      <title><![CDATA[Samsung 65" QN65Q80C QLED 4K <Smart> TV]]></title>
      <description>Direct full array &amp; Quantum HDR &#8211; 2023</description>
      <link>https://shop.example.com/p/tv-65</link>
      <g:image_link>https://cdn.example.com/tv-65.jpg</g:image_link>
      <g:price>1,299.99 USD</g:price>
      <g:sale_price>999.99 USD</g:sale_price>
      <g:availability>in stock</g:availability>
      <g:brand>Samsung</g:brand>
      <g:gtin>036000291452</g:gtin>
      <g:mpn>QN65Q80CAFXZA</g:mpn>
      <g:condition>new</g:condition>
      <g:product_type>Electronics &gt; TVs</g:product_type>
      <g:shipping>
        <g:country>US</g:country>
        <g:service>Standard</g:service>
        <g:price>19.99 USD</g:price>
      </g:shipping>
      <g:shipping>
        <g:country>US</g:country>
        <g:service>Freight saver</g:service>
        <g:price>9.99 USD</g:price>
      </g:shipping>
      <g:shipping>
        <g:country>CA</g:country>
        <g:price>1.00 USD</g:price>
      </g:shipping>
    </item>
    <item>
      <g:id>BAD-1</g:id>
      <title>Broken price</title>
      <link>https://shop.example.com/p/bad-1</link>
      <g:price>call us</g:price>
      <g:gtin>12345</g:gtin>
      <g:availability>out_of_stock</g:availability>
    </item>
    <item>
      <g:id>BAD-2</g:id>
      <g:price>10 USD</g:price>
    </item>
    <item>
      <g:id>HP-1</g:id>
      <g:title>Sony WH-1000XM5</g:title>
      <g:link>https://shop.example.com/p/hp-1</g:link>
      <g:price>349.00 USD</g:price>
      <g:availability>preorder</g:availability>
      <g:shipping>US:::0 USD</g:shipping>
    </item>
  </channel>
</rss>
`;

describe('Google Merchant Center XML (RSS 2.0)', () => {
  it('reads items, keeps good ones and reports bad ones at the line of their <item>', async () => {
    const result = await parseGmcXml(rss, { retailer: 'example' });
    expect(result.total).toBe(4);
    expect(result.offers).toEqual([
      {
        externalId: 'TV-65',
        retailer: 'example',
        title: 'Samsung 65" QN65Q80C QLED 4K <Smart> TV',
        description: 'Direct full array & Quantum HDR – 2023',
        url: 'https://shop.example.com/p/tv-65',
        imageUrl: 'https://cdn.example.com/tv-65.jpg',
        priceCents: 129999,
        currency: 'USD',
        salePriceCents: 99999,
        shippingCents: 999,
        availability: 'in_stock',
        brand: 'Samsung',
        gtin: '036000291452',
        mpn: 'QN65Q80CAFXZA',
        condition: 'new',
        category: 'Electronics > TVs',
      },
      expect.objectContaining({ externalId: 'HP-1', title: 'Sony WH-1000XM5', availability: 'preorder', shippingCents: 0 }),
    ]);
    const itemLine = (id: string) => rss.split('\n').findIndex((l, i, all) => l.includes(`<g:id>${id}</g:id>`) && all[i - 1]?.includes('<item>'));
    expect(result.errors).toEqual([
      { line: itemLine('BAD-1'), field: 'g:price', reason: '"call us" is not a price (expected e.g. "15.00 USD")' },
      { line: itemLine('BAD-2'), field: 'title', reason: 'is required' },
      { line: itemLine('BAD-2'), field: 'link', reason: 'is required' },
    ]);
    expect(itemLine('BAD-1')).toBeGreaterThan(30);
  });

  it('gives the same result however the document is chunked', async () => {
    const whole = await parseGmcXml(rss);
    for (const size of [1, 3, 17, 64]) {
      const chunks = rss.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      expect(await parseGmcXml(chunks)).toEqual(whole);
    }
  });

  it('follows the prefix the document binds to the Google namespace', async () => {
    const doc = `<rss xmlns:gm="http://base.google.com/ns/1.0"><channel><item><gm:id>1</gm:id><title>T</title><link>https://x.example/1</link><gm:price>2 USD</gm:price><gm:brand>Acme</gm:brand></item></channel></rss>`;
    const result = await parseGmcXml(doc);
    expect(result.errors).toEqual([]);
    expect(result.offers).toEqual([expect.objectContaining({ externalId: '1', brand: 'Acme', priceCents: 200 })]);
  });

  it('reads every g:additional_image_link of an item, in order', async () => {
    const doc = `<rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>1</g:id><title>Desk lamp</title><link>https://x.example/1</link><g:price>20 USD</g:price><g:image_link>https://cdn.x.example/1.jpg</g:image_link>
<g:additional_image_link>https://cdn.x.example/1-b.jpg</g:additional_image_link><g:additional_image_link>https://cdn.x.example/1-c.jpg</g:additional_image_link></item>
<item><g:id>2</g:id><title>Floor lamp</title><link>https://x.example/2</link><g:price>40 USD</g:price><g:image_link>https://cdn.x.example/2.jpg</g:image_link>
<g:additional_image_link>https://cdn.x.example/2-b.jpg</g:additional_image_link></item>
</channel></rss>`;
    const result = await parseGmcXml(doc);
    expect(result.offers.map((offer) => [offer.imageUrl, offer.additionalImageUrls])).toEqual([
      ['https://cdn.x.example/1.jpg', ['https://cdn.x.example/1-b.jpg', 'https://cdn.x.example/1-c.jpg']],
      ['https://cdn.x.example/2.jpg', ['https://cdn.x.example/2-b.jpg']],
    ]);
  });

  it('keeps an item whose GTIN is none, without the GTIN and with a warning', async () => {
    // A shop's own article numbers in g:gtin: every row used to be rejected for them.
    const doc = `<rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>1</g:id><title>Desk lamp</title><link>https://x.example/1</link><g:price>20 USD</g:price><g:gtin>ART-000123</g:gtin></item>
<item><g:id>2</g:id><title>Floor lamp</title><link>https://x.example/2</link><g:price>40 USD</g:price><g:gtin>4006381333932</g:gtin></item>
<item><g:id>3</g:id><title>Wall lamp</title><link>https://x.example/3</link><g:price>30 USD</g:price><g:gtin>4006381333931</g:gtin></item>
</channel></rss>`;
    const rows = [];
    for await (const row of readGmcXml(doc)) rows.push(row);
    expect(rows.map((r) => [r.offer?.externalId, r.offer?.gtin])).toEqual([
      ['1', undefined],
      ['2', undefined],
      ['3', '4006381333931'],
    ]);
    expect(rows.map((r) => r.warnings)).toEqual([
      [{ line: 2, field: 'g:gtin', reason: '"ART-000123" left out: must contain digits only' }],
      [{ line: 3, field: 'g:gtin', reason: '"4006381333932" left out: must be 8, 12, 13 or 14 digits with a valid check digit' }],
      undefined,
    ]);
  });

  it('reports a malformed item and carries on', async () => {
    const doc = `<rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>1</g:id><title>T</b></item>
<item><g:id>2</g:id><title>T</title><link>https://x.example/2</link><g:price>2 USD</g:price></item>
</channel></rss>`;
    const result = await parseGmcXml(doc);
    expect(result.offers.map((o) => o.externalId)).toEqual(['2']);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ line: 2, field: 'item' });
    expect(result.errors[0]?.reason).toMatch(/^is not well-formed XML/);
  });

  it('rejects documents that are not feeds', async () => {
    await expect(parseGmcXml('<html><body>nope</body></html>')).rejects.toThrow(FeedFormatError);
    await expect(parseGmcXml('')).rejects.toThrow('The document has no root element');
    await expect(parseGmcXml('<rss><channel>\n<item><g:id>1</g:id>')).rejects.toThrow('The <item> opened on line 2 is never closed');
  });

  it('streams with progress', async () => {
    const items = Array.from({ length: 5 }, (_, i) => `<item><g:id>${i}</g:id><title>T${i}</title><link>https://x.example/${i}</link><g:price>${i + 1} USD</g:price></item>`);
    const doc = `<rss xmlns:g="http://base.google.com/ns/1.0"><channel>\n${items.join('\n')}\n</channel></rss>`;
    const seen: number[] = [];
    const ids: string[] = [];
    for await (const row of readGmcXml([doc], { progressEvery: 2, onProgress: (p) => seen.push(p.rows) })) ids.push(row.offer?.externalId ?? '');
    expect(ids).toEqual(['0', '1', '2', '3', '4']);
    expect(seen).toEqual([2, 4, 5]);
  });
});

describe('Google Merchant Center XML (Atom 1.0)', () => {
  it('reads entries with href links and summaries', async () => {
    const doc = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
  <title>Store</title>
  <link rel="self" href="https://shop.example.com/feed.xml"/>
  <entry>
    <id>tag:shop.example.com,2024:1</id>
    <g:id>CAM-1</g:id>
    <title type="text">Canon EOS R6 Mark II</title>
    <link rel="alternate" type="text/html" href="https://shop.example.com/p/cam-1"/>
    <summary>Full-frame mirrorless</summary>
    <g:price>2499.00 USD</g:price>
    <g:availability>backorder</g:availability>
    <g:condition>used</g:condition>
  </entry>
  <entry>
    <g:id>CAM-2</g:id>
    <title>No link</title>
    <g:price>1 USD</g:price>
  </entry>
</feed>`;
    const result = await parseGmcXml(doc);
    expect(result.offers).toEqual([
      {
        externalId: 'CAM-1',
        title: 'Canon EOS R6 Mark II',
        url: 'https://shop.example.com/p/cam-1',
        description: 'Full-frame mirrorless',
        priceCents: 249900,
        currency: 'USD',
        availability: 'backorder',
        condition: 'used',
      },
    ]);
    expect(result.errors).toEqual([{ line: 15, field: 'link', reason: 'is required' }]);
  });
});
