import { chooseProductImage, type ImageCandidate } from './product-image';

const offer = (id: number, imageUrl: string | null, overrides: Partial<ImageCandidate> = {}): ImageCandidate => ({
  id,
  imageUrl,
  condition: 'new',
  availability: 'in_stock',
  ...overrides,
});

describe('chooseProductImage', () => {
  it('is null for a product none of whose offers has an image', () => {
    expect(chooseProductImage([])).toBeNull();
    expect(chooseProductImage([offer(1, null), offer(2, '  ')])).toBeNull();
  });

  it('takes the image most offers share, whatever their order or stock', () => {
    const offers = [
      offer(1, 'https://a.example/odd.jpg'),
      offer(2, 'https://maker.example/front.jpg', { availability: 'out_of_stock' }),
      offer(3, 'https://maker.example/front.jpg', { condition: 'used' }),
      offer(4, null),
    ];
    expect(chooseProductImage(offers)).toBe('https://maker.example/front.jpg');
    expect(chooseProductImage([...offers].reverse())).toBe('https://maker.example/front.jpg');
  });

  it('among images shared alike, takes a new offer’s in stock, then a new offer’s, then any', () => {
    const used = offer(1, 'https://a.example/used.jpg', { condition: 'used' });
    const newGone = offer(2, 'https://b.example/new-gone.jpg', { availability: 'out_of_stock' });
    const refurbished = offer(3, 'https://c.example/refurb.jpg', { condition: 'refurbished' });
    const newInStock = offer(4, 'https://d.example/new.jpg');
    expect(chooseProductImage([used, newGone, refurbished, newInStock])).toBe('https://d.example/new.jpg');
    expect(chooseProductImage([used, newGone, refurbished])).toBe('https://b.example/new-gone.jpg');
    expect(chooseProductImage([refurbished, used])).toBe('https://a.example/used.jpg');
  });

  it('breaks the remaining ties by the oldest offer, then by the URL: the same offers always give the same image', () => {
    const offers = [offer(9, 'https://z.example/9.jpg'), offer(4, 'https://y.example/4.jpg'), offer(7, 'https://x.example/7.jpg')];
    expect(chooseProductImage(offers)).toBe('https://y.example/4.jpg');
    const [a, b, c] = offers as [ImageCandidate, ImageCandidate, ImageCandidate];
    for (const order of [[a, c, b], [b, a, c], [b, c, a], [c, a, b], [c, b, a]]) expect(chooseProductImage(order)).toBe('https://y.example/4.jpg');
    // The same id twice (one offer read twice) compares by URL.
    expect(chooseProductImage([offer(5, 'https://b.example/5.jpg'), offer(5, 'https://a.example/5.jpg')])).toBe('https://a.example/5.jpg');
  });
});
