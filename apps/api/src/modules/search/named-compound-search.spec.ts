import type { SearchResult } from '@pricehunt/contracts';
import { feedOffer } from '@pricehunt/storage/testing';
import { buildSearchTestApp, type SearchTestApp } from '../../testing/search-app';

const offer = (url: string, externalId: string, title: string, brand: string, category: string) => feedOffer({ externalId, url, title, brand, category });
const amazon = (id: string, title: string, brand: string, category: string) => offer(`https://www.amazon.com/dp/${id}`, id, title, brand, category);
const bestBuy = (id: string, title: string, brand: string, category: string) => offer(`https://www.bestbuy.com/site/${id}.p`, id, title, brand, category);

const OFFERS = [
  amazon('B0MBA13M3A', 'Apple 2024 MacBook Air 13-inch Laptop with M3 chip, 8GB RAM, 256GB SSD, Midnight', 'Apple', 'Computers > Laptops'),
  bestBuy('6565837', 'Apple - MacBook Air 13-inch Laptop - M3 chip - 8GB RAM - 256GB SSD - Midnight', 'Apple', 'Computers > Laptops'),
  amazon('B0KEYSMXS1', 'Logitech MX Keys S Wireless Keyboard, Compatible with Mac and PC, Pale Gray', 'Logitech', 'Computers > Keyboards'),
  bestBuy('6548512', 'Logitech - MX Keys S Wireless Keyboard - Pale Gray', 'Logitech', 'Computers > Keyboards'),
  amazon('B0MOUSMX3S', 'Logitech MX Master 3S Wireless Performance Mouse, Compatible with Mac and PC, Graphite', 'Logitech', 'Computers > Mice'),
  bestBuy('6502574', 'Logitech - MX Master 3S Wireless Performance Mouse - Graphite', 'Logitech', 'Computers > Mice'),
  amazon('B0KEYCHQ1P', 'Keychron Q1 Pro Wireless Custom Mechanical Keyboard, Compatible with Mac and PC, Carbon Black', 'Keychron', 'Computers > Keyboards'),
  bestBuy('6560171', 'Keychron - Q1 Pro Wireless Custom Mechanical Keyboard - Carbon Black', 'Keychron', 'Computers > Keyboards'),
  amazon('B0G915XLS1', 'Logitech G G915 X LIGHTSPEED Wireless Gaming Keyboard, Low Profile, Black', 'Logitech', 'Computers > Keyboards'),
  bestBuy('6588114', 'Logitech - G G915 X LIGHTSPEED Wireless Gaming Keyboard - Black', 'Logitech', 'Computers > Keyboards'),
  amazon('B0LAMPBQ01', 'BenQ ScreenBar Halo Monitor Lamp, Auto-Dimming Light Bar, Black', 'BenQ', 'Computers > Accessories'),
  bestBuy('6501122', 'BenQ - ScreenBar Halo Monitor Lamp - Black', 'BenQ', 'Computers > Accessories'),
  amazon('B0LAMPXI01', 'Xiaomi Mi Computer Monitor Lamp, Light Bar for Desks, Black', 'Xiaomi', 'Computers > Accessories'),
  bestBuy('6501133', 'Xiaomi - Mi Computer Monitor Lamp - Black', 'Xiaomi', 'Computers > Accessories'),
];

describe('search API: a word only listings hold, that begins the name of other products', () => {
  let t: SearchTestApp;
  beforeAll(async () => {
    t = await buildSearchTestApp(OFFERS, 'named compound fixtures');
  });
  afterAll(() => t.close());

  const titles = (result: SearchResult) => [...(result.product ? [result.product] : []), ...result.matches].map((product) => product.title);

  it('lists the products named by the compound it begins first ("mac": the MacBook, then what is "Compatible with Mac")', async () => {
    const names = titles(await t.search('mac'));
    expect(names[0]).toMatch(/^Apple MacBook Air/);
    expect(names.slice(1).sort()).toEqual([expect.stringMatching(/^Keychron Q1 Pro/), expect.stringMatching(/^Logitech MX Keys S/), expect.stringMatching(/^Logitech MX Master 3S/)]);
    // The keyboards and mice are not named by "mac": their listings say it only of what they work with.
    expect(names.slice(1).every((name) => !/\bmac\b/i.test(name))).toBe(true);
  });

  it('searches words that find nothing with a typed word written as a compound it begins ("apple mac": the MacBook)', async () => {
    const result = await t.search('apple mac');
    expect(result.correctedQuery).toBe('apple macbook');
    expect(titles(result)).toEqual([expect.stringMatching(/^Apple MacBook Air/)]);
  });

  it('lists no product whose name holds the compound past its line and kind ("light": a keyboard’s LIGHTSPEED)', async () => {
    const names = titles(await t.search('light'));
    // No product found is named by "light" (the lamps' listings say it of their bar), so the rule is asked.
    expect(names.some((name) => /\blight\b/i.test(name))).toBe(false);
    expect(names.slice(0, 2).sort()).toEqual([expect.stringMatching(/^BenQ ScreenBar Halo Monitor Lamp/), expect.stringMatching(/^Xiaomi Mi Computer Monitor Lamp/)]);
  });
});
