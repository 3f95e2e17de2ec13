import { startPageServer, readProductPageFixture, PRODUCT_PAGE_FIXTURES } from '../testing';
import { extractProductIdentity } from './page-identity';
import { createSafeFetcher } from './safe-fetch';

describe('testing helpers', () => {
  it('serve fixture pages that the fetcher and the extractor read end to end', async () => {
    const server = await startPageServer({
      '/ip/1752657021': readProductPageFixture('walmart-product'),
      '/old': { status: 301, headers: { location: '/ip/1752657021' } },
    });
    try {
      const page = await createSafeFetcher({ allowLoopback: true }).fetch(`${server.origin}/old`);
      expect(page.finalUrl).toBe(`${server.origin}/ip/1752657021`);
      expect(extractProductIdentity(page.body, { url: page.finalUrl })?.gtin).toBe('00194253939153');
      expect(server.requests).toEqual(['/old', '/ip/1752657021']);
    } finally {
      await server.close();
    }
  });

  it('every listed fixture names a product', () => {
    for (const name of PRODUCT_PAGE_FIXTURES) expect(extractProductIdentity(readProductPageFixture(name))?.title).toBeTruthy();
    expect(() => readProductPageFixture('nope' as never)).toThrow('unknown fixture page');
  });
});
