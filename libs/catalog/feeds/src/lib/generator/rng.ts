/** Small, fast, seedable pseudo-random generator (mulberry32) with the helpers the generator needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Whole number in [min, max]. */
  between(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

/** Mixes two 32-bit values into one (a bijective 32-bit finaliser after combining). */
export function mix32(a: number, b: number): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A bijection on [0, modulus): `n` → `(n * multiplier + offset) mod modulus`, so ids drawn from
 * distinct `n` never collide yet look scattered. `multiplier` must be coprime with `modulus`
 * (the moduli used are 2^a·5^b·3^c… and the multiplier is a prime above them all).
 */
export function scatter(n: number, modulus: number, offset = 0): number {
  return (((n % modulus) * 104_729 + offset) % modulus + modulus) % modulus;
}

/**
 * A keyed bijection on [0, range) for range ≤ 2^32: xor-multiply-xorshift rounds on the smallest
 * power of two that holds `range`, cycle-walking past values outside it. Distinct inputs give distinct,
 * scattered-looking outputs, which is what retailer ids need.
 */
export function permute(n: number, range: number, key: number): number {
  if (n >= range) throw new RangeError(`id space of ${range} exhausted`);
  const bits = range >= 4294967296 ? 32 : Math.max(1, Math.ceil(Math.log2(range)));
  const mask = bits === 32 ? -1 : (1 << bits) - 1;
  const shift = bits >> 1 || 1;
  const k0 = key | 0;
  const k1 = (key + 0x61c88647) | 0;
  const k2 = (key + 0x3c6ef372) | 0;
  let x = n | 0;
  do {
    x = Math.imul((x ^ k0) & mask, 0x2c1b3c6d) & mask;
    x = (x ^ (x >>> shift)) & mask;
    x = Math.imul((x ^ k1) & mask, 0x2c1b3c6d) & mask;
    x = (x ^ (x >>> shift)) & mask;
    x = Math.imul((x ^ k2) & mask, 0x2c1b3c6d) & mask;
    x = (x ^ (x >>> shift)) & mask;
  } while (x >>> 0 >= range);
  return x >>> 0;
}
