/**
 * java.util.Random's linear congruential generator, bit for bit, so that seeded random steps
 * (coin(), sample() under SeedStrategy) give the results a Java TinkerPop server gives.
 * @module
 */

const MULTIPLIER = 0x5deece66dn;
const ADDEND = 0xbn;
const MASK = (1n << 48n) - 1n;
const DOUBLE_UNIT = 1 / 2 ** 53;

/**
 * A generator with java.util.Random's documented algorithm: the seed is scrambled with
 * 0x5DEECE66D, each step is `seed * 0x5DEECE66D + 0xB mod 2^48`, and `nextDouble()` joins 26 and
 * 27 high bits of two steps into a 53-bit fraction.
 */
export class JavaRandom {
  #seed: bigint;

  constructor(seed: bigint | number) {
    this.#seed = (BigInt.asIntN(64, BigInt(seed)) ^ MULTIPLIER) & MASK;
  }

  /** The next `bits` pseudo-random bits as a signed 32-bit integer, as `Random.next(bits)`. */
  next(bits: number): number {
    this.#seed = (this.#seed * MULTIPLIER + ADDEND) & MASK;
    return Number(BigInt.asIntN(32, this.#seed >> BigInt(48 - bits)));
  }

  /** A uniformly distributed signed 32-bit integer, as `Random.nextInt()`. */
  nextInt(): number {
    return this.next(32);
  }

  /** A uniformly distributed integer in [0, bound), as `Random.nextInt(bound)` (bound > 0). */
  nextIntBelow(bound: number): number {
    let r = this.next(31);
    const m = bound - 1;
    if ((bound & m) === 0) return Number((BigInt(bound) * BigInt(r)) >> 31n);
    for (let u = r; ((u - (r = u % bound) + m) | 0) < 0; u = this.next(31));
    return r;
  }

  /** A uniformly distributed double in [0, 1), as `Random.nextDouble()`. */
  nextDouble(): number {
    return (this.next(26) * 2 ** 27 + this.next(27)) * DOUBLE_UNIT;
  }
}
