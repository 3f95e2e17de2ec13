import { timeOrderedId } from './ids';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedId', () => {
  it('is a UUID version 7 carrying its creation time', () => {
    const id = timeOrderedId(Date.UTC(2031, 0, 2, 3, 4, 5, 678));
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2031, 0, 2, 3, 4, 5, 678));
  });

  it('sorts in creation order and never repeats, also within one millisecond and past its sequence numbers', () => {
    const base = Date.UTC(2032, 5, 1);
    const ids = [
      ...Array.from({ length: 5000 }, () => timeOrderedId(base)),
      ...Array.from({ length: 10 }, (_, i) => timeOrderedId(base + 10 + i)),
      // A clock that steps back does not break the order.
      ...Array.from({ length: 10 }, () => timeOrderedId(base + 5)),
    ];
    expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
