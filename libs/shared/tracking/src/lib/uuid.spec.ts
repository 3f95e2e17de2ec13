import { randomUuid, UUID_V4_PATTERN } from './uuid';

describe('randomUuid', () => {
  const cryptoDescriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  afterEach(() => {
    if (cryptoDescriptor) Object.defineProperty(globalThis, 'crypto', cryptoDescriptor);
  });

  it('uses crypto.randomUUID when available', () => {
    const randomUUID = jest.fn(() => '3b241101-e2bb-4255-8caf-4136c566a962');
    Object.defineProperty(globalThis, 'crypto', { configurable: true, value: { randomUUID } });
    expect(randomUuid()).toBe('3b241101-e2bb-4255-8caf-4136c566a962');
    expect(randomUUID).toHaveBeenCalled();
  });

  it('builds a v4 UUID from getRandomValues when randomUUID is missing (insecure origins)', () => {
    const getRandomValues = jest.fn(<T extends ArrayBufferView | null>(array: T) => {
      if (array instanceof Uint8Array) array.fill(0xff);
      return array;
    });
    Object.defineProperty(globalThis, 'crypto', { configurable: true, value: { getRandomValues } });
    const id = randomUuid();
    expect(getRandomValues).toHaveBeenCalled();
    expect(id).toMatch(UUID_V4_PATTERN);
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('still makes a v4 UUID without any crypto API', () => {
    Object.defineProperty(globalThis, 'crypto', { configurable: true, value: undefined });
    const ids = new Set(Array.from({ length: 50 }, () => randomUuid()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4_PATTERN);
  });

  it('makes different ids each time', () => {
    expect(randomUuid()).not.toBe(randomUuid());
    expect(randomUuid()).toMatch(UUID_V4_PATTERN);
  });
});
