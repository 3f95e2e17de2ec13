import { pageHtml, shellHtml } from './html';

const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="site" /><title>PriceHunt</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe('the HTML the server sends', () => {
  it('puts a page in the template as rendered, whatever its text holds', () => {
    // A title from a feed may hold what a replacement string reads as patterns.
    const title = "Bose $& Co $' $$ $` earbuds";
    const html = pageHtml(TEMPLATE, { kind: 'page', status: 200, head: `<title>${title}</title>`, html: `<h1>${title}</h1>`, data: { 'product-1': { title } } });
    expect(html).toContain(`<head><meta name="description" content="site" /><title>${title}</title></head>`);
    expect(html).toContain(`<div id="root"><h1>${title}</h1></div><script>window.__PRICEHUNT_DATA__={"product-1":{"title":"Bose $& Co $' $$ $\` earbuds"}}</script>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps the data from closing its script', () => {
    const html = pageHtml(TEMPLATE, { kind: 'page', status: 200, head: '', html: '', data: { x: '</script><script>alert(1)</script>' } });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('<title>PriceHunt</title>');
  });

  it('marks searches noindex and leaves other shells as they are', () => {
    expect(shellHtml(TEMPLATE, '/search')).toContain('<meta name="robots" content="noindex" /></head>');
    expect(shellHtml(TEMPLATE, '/https://www.amazon.com/dp/B0')).toContain('noindex');
    // A shopper's own pages and the links of emails.
    expect(shellHtml(TEMPLATE, '/watches')).toContain('noindex');
    expect(shellHtml(TEMPLATE, '/watches/stop')).toContain('noindex');
    expect(shellHtml(TEMPLATE, '/browse')).toBe(TEMPLATE);
  });

  it("keeps a page's request and sets the address bar to the page's address before the app runs, inside its script", () => {
    const stored = { key: 'pricehunt_product_request_1', value: '{"query":"</script>","timestamp":1}' };
    const html = pageHtml(TEMPLATE, { kind: 'page', status: 200, head: '', html: '<h1>AirPods</h1>', data: {}, location: '/new-search/1/a</script>', stored });
    expect(html).toContain(
      '<div id="root"><h1>AirPods</h1></div><script>try{sessionStorage.setItem("pricehunt_product_request_1","{\\"query\\":\\"\\u003c/script>\\",\\"timestamp\\":1}")}catch(e){}history.replaceState(null,\'\',"/new-search/1/a\\u003c/script>");window.__PRICEHUNT_DATA__={}</script>',
    );
  });
});
