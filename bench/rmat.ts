/**
 * Deterministic Graph500 R-MAT edge generator (a=0.57, b=0.19, c=0.19, d=0.05).
 *
 * Each edge picks one quadrant per bit of the vertex id from 16 bits of a seeded PRNG, then vertex
 * numbers are scrambled by a seeded permutation (as Graph500's generator does) so that
 * high-degree vertices are not all clustered at low ids. Self-loops and duplicate edges are
 * dropped, so every generated pair is one distinct edge of a simple directed graph.
 * @module
 */

/**
 * Parameters of an R-MAT graph.
 *
 * @example
 * ```ts
 * const options: RmatOptions = { scale: 16, edgeFactor: 16, seed: 1 };
 * ```
 */
export interface RmatOptions {
  /** log2 of the number of vertices. */
  readonly scale: number;
  /** Edges generated per vertex, before self-loops and duplicates are dropped. */
  readonly edgeFactor?: number;
  /** PRNG seed; the same seed always yields the same graph. */
  readonly seed?: number;
}

/**
 * A generated graph: `vertexCount` vertices numbered 0..n-1, edge i from `sources[i]` to
 * `targets[i]`, in a seeded random order (not sorted, so inserts are not flattered).
 *
 * @example
 * ```ts
 * const g: RmatGraph = generateRmat({ scale: 4 });
 * console.log(g.vertexCount, g.edgeCount);
 * ```
 */
export interface RmatGraph {
  readonly vertexCount: number;
  readonly edgeCount: number;
  /** Edges generated before dropping self-loops and duplicates. */
  readonly generatedCount: number;
  readonly sources: Int32Array;
  readonly targets: Int32Array;
}

/**
 * Small, fast, seedable PRNG (sfc32) returning unsigned 32-bit integers.
 *
 * @example
 * ```ts
 * const next = seededUint32(42); const x = next(); // 0 <= x < 2 ** 32
 * ```
 */
export function seededUint32(seed: number): () => number {
  let a = (0x9e3779b9 ^ seed) >>> 0;
  let b = (0x243f6a88 + seed) >>> 0;
  let c = (0xb7e15162 ^ Math.imul(seed, 31)) >>> 0;
  let d = 1;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 16; i++) next();
  return next;
}

/**
 * The same PRNG returning floats in [0, 1).
 *
 * @example
 * ```ts
 * const next = seededRandom(42); const x = next();
 * ```
 */
export function seededRandom(seed: number): () => number {
  const next = seededUint32(seed);
  return () => next() / 4294967296;
}

/** Quadrant thresholds on a 16-bit draw: a, a+b, a+b+c out of 65536. */
const T_A = Math.round(0.57 * 65536);
const T_AB = Math.round((0.57 + 0.19) * 65536);
const T_ABC = Math.round((0.57 + 0.19 + 0.19) * 65536);

/**
 * Generates an R-MAT graph deterministically from its options.
 *
 * @example
 * ```ts
 * const g = generateRmat({ scale: 16, edgeFactor: 16, seed: 1 });
 * // g.vertexCount === 65536, g.edgeCount <= 16 * 65536
 * ```
 */
export function generateRmat(options: RmatOptions): RmatGraph {
  const { scale, edgeFactor = 16, seed = 1 } = options;
  if (!Number.isInteger(scale) || scale < 1 || scale > 26) throw new RangeError(`Invalid R-MAT scale ${scale}: expected an integer in [1, 26]`);
  const n = 2 ** scale;
  const m = n * edgeFactor;
  const draw = seededUint32(seed);
  const random = (): number => draw() / 4294967296;
  const permutation = new Int32Array(n);
  for (let i = 0; i < n; i++) permutation[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = permutation[i]!;
    permutation[i] = permutation[j]!;
    permutation[j] = t;
  }
  const keys = new Float64Array(m);
  let kept = 0;
  for (let e = 0; e < m; e++) {
    let u = 0;
    let v = 0;
    let bits = 0;
    for (let bit = 0; bit < scale; bit++) {
      if ((bit & 1) === 0) bits = draw();
      const r = bit & 1 ? bits >>> 16 : bits & 0xffff;
      const down = r >= T_AB;
      const right = down ? r >= T_ABC : r >= T_A;
      u = u * 2 + (down ? 1 : 0);
      v = v * 2 + (right ? 1 : 0);
    }
    const s = permutation[u]!;
    const t = permutation[v]!;
    if (s !== t) keys[kept++] = s * n + t;
  }
  const sorted = keys.subarray(0, kept).sort();
  let distinct = 0;
  for (let i = 0; i < kept; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  const sources = new Int32Array(distinct);
  const targets = new Int32Array(distinct);
  for (let i = 0; i < distinct; i++) {
    const key = sorted[i]!;
    sources[i] = Math.floor(key / n);
    targets[i] = key - sources[i]! * n;
  }
  for (let i = distinct - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const s = sources[i]!;
    const t = targets[i]!;
    sources[i] = sources[j]!;
    targets[i] = targets[j]!;
    sources[j] = s;
    targets[j] = t;
  }
  return { vertexCount: n, edgeCount: distinct, generatedCount: m, sources, targets };
}
