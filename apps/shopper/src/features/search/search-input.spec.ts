import { classifySearchInput } from './search-input';

describe('classifySearchInput', () => {
  it('reads a pasted http(s) link as a URL', () => {
    expect(classifySearchInput('  https://www.amazon.com/dp/B09XS7JWHH ')).toEqual({ kind: 'url', url: 'https://www.amazon.com/dp/B09XS7JWHH' });
    expect(classifySearchInput('HTTP://example.com/p')).toEqual({ kind: 'url', url: 'HTTP://example.com/p' });
  });

  it('completes a link pasted without its scheme', () => {
    expect(classifySearchInput('walmart.com/ip/thing/123')).toEqual({ kind: 'url', url: 'https://walmart.com/ip/thing/123' });
  });

  it('reads words as a query, spaces collapsed', () => {
    expect(classifySearchInput('sony   wh-1000xm5 ')).toEqual({ kind: 'query', query: 'sony wh-1000xm5' });
    expect(classifySearchInput('4.5 inch screen')).toEqual({ kind: 'query', query: '4.5 inch screen' });
  });

  it('reports empty input', () => {
    expect(classifySearchInput('   ')).toEqual({ kind: 'empty' });
  });
});
