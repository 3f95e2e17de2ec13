import { createRobotsGate, parseRobots, robotsAllow } from './robots';
import type { FetchedPage, SafeFetcher } from './safe-fetch';

describe('robots.txt', () => {
  const robots = parseRobots(`# a shop's file
User-agent: *
Disallow: /cart
Disallow: /search
Allow: /search/about

User-agent: PriceHuntBot
User-agent: OtherBot
Disallow: /private/
Allow: /private/products/
Disallow: /*.json$
Disallow: /*?sessionid=
`);

  it('takes the group that names the crawler, else the one for every crawler', () => {
    expect(robotsAllow(robots, '/cart')).toBe(true);
    expect(robotsAllow(robots, '/private/orders')).toBe(false);
    expect(robotsAllow(robots, '/cart', 'somebot')).toBe(false);
    expect(robotsAllow(robots, '/search?q=tv', 'somebot')).toBe(false);
  });

  it('lets the longest matching rule decide, an Allow on a tie, with * and $ as RFC 9309 reads them', () => {
    expect(robotsAllow(robots, '/private/products/42')).toBe(true);
    expect(robotsAllow(robots, '/search/about', 'somebot')).toBe(true);
    expect(robotsAllow(robots, '/feeds/all.json')).toBe(false);
    expect(robotsAllow(robots, '/feeds/all.json?x=1')).toBe(true);
    expect(robotsAllow(robots, '/p/tv?sessionid=9')).toBe(false);
    expect(robotsAllow(parseRobots('User-agent: *\nDisallow: /a\nAllow: /a'), '/a/b')).toBe(true);
    expect(robotsAllow(parseRobots('User-agent: *\nDisallow:'), '/anything')).toBe(true);
    expect(robotsAllow(parseRobots('User-agent: *\nDisallow: /'), '/robots.txt')).toBe(true);
  });

  it("keeps each origin's file for a day; a missing file allows everything, one that cannot be had nothing", async () => {
    const answers: Record<string, FetchedPage | Error> = {
      'https://shop.example/robots.txt': { finalUrl: '', status: 200, contentType: 'text/plain', body: 'User-agent: *\nDisallow: /checkout' },
      'https://open.example/robots.txt': { finalUrl: '', status: 404, contentType: 'text/html', body: '' },
      'https://down.example/robots.txt': { finalUrl: '', status: 503, contentType: 'text/html', body: '' },
      'https://gone.example/robots.txt': new Error('no address'),
    };
    const asked: string[] = [];
    const fetcher: SafeFetcher = {
      fetch: async (url) => {
        asked.push(url);
        const answer = answers[url];
        if (!answer || answer instanceof Error) throw answer ?? new Error(url);
        return answer;
      },
    };
    let clock = 0;
    const gate = createRobotsGate({ fetcher, now: () => clock });
    expect(await gate.allows('https://shop.example/p/tv-65')).toBe(true);
    expect(await gate.allows('https://shop.example/checkout/step-1')).toBe(false);
    expect(await gate.allows('https://open.example/anything')).toBe(true);
    // A file that cannot be had lets nothing be read, and says why: the shop's failure, not a refusal.
    await expect(gate.allows('https://down.example/p/tv')).rejects.toMatchObject({ name: 'RobotsUnavailableError', reason: 'server-error' });
    await expect(gate.allows('https://gone.example/p/tv')).rejects.toMatchObject({ name: 'RobotsUnavailableError', reason: 'unreachable' });
    expect(asked.filter((url) => url.startsWith('https://shop.example'))).toHaveLength(1);
    clock += 25 * 60 * 60 * 1000;
    await gate.allows('https://shop.example/p/tv-65');
    expect(asked.filter((url) => url.startsWith('https://shop.example'))).toHaveLength(2);
  });
});
