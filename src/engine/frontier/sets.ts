/**
 * Set operators over slot arrays: count of distinct slots, intersection and union, each in
 * first-occurrence order and in time linear in the inputs.
 * @module
 */
import { VisitedMarks } from './frontier.js';

/**
 * Number of distinct slots.
 */
export function countDistinct(slots: ArrayLike<number>): number {
  const seen = new VisitedMarks();
  let n = 0;
  for (let i = 0; i < slots.length; i++) if (seen.mark(slots[i]!)) n++;
  return n;
}

/**
 * Distinct slots of `a` that are also in `b`, in the order of `a` (common neighbours,
 * crosspoints, Jaccard numerators).
 */
export function intersect(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  const inB = new VisitedMarks();
  for (let i = 0; i < b.length; i++) inB.mark(b[i]!);
  const taken = new VisitedMarks();
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) {
    const s = a[i]!;
    if (inB.has(s) && taken.mark(s)) out.push(s);
  }
  return Int32Array.from(out);
}

/**
 * Distinct slots of `a` then of `b`, in first-occurrence order.
 */
export function union(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  const taken = new VisitedMarks();
  const out: number[] = [];
  for (const arr of [a, b]) {
    for (let i = 0; i < arr.length; i++) {
      const s = arr[i]!;
      if (taken.mark(s)) out.push(s);
    }
  }
  return Int32Array.from(out);
}
