/**
 * What a traverser's answer list costs before any id is in it: for each list size, JS arrays of
 * that many numbers made and filled in a loop (as `plainVertexIds` does), with the nanoseconds per
 * element and the minor page faults per array (`process.resourceUsage`). An array of more than
 * 16,384 elements (128 KB) is allocated in V8's large-object space, on fresh pages from the
 * kernel each time, so its cost per element is set by the machine's page-fault cost, not by the
 * loop. Usage: `node dist/bench/traversers/array-pages.js [--sizes 5000,16000,35000,100000]`.
 * @module
 */
import { textTable } from '../gremlin/timing.js';

const at = process.argv.indexOf('--sizes');
const sizes = (at < 0 ? '5000,16000,17000,35000,100000' : (process.argv[at + 1] ?? '')).split(',').map(Number);
/** Elements made per measurement, so that every size runs about as long. */
const ELEMENTS = 40_000_000;

/** A list of `n` numbers filled from a typed array, the way an answer's ids are filled. */
function list(from: Int32Array, n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) out[i] = from[i] as number;
  return out;
}

const rows: string[][] = [['elements per array', 'arrays', 'ns per element', 'minor faults per array']];
let kept = 0;
for (const n of sizes) {
  const from = new Int32Array(n).map((_, i) => i);
  const arrays = Math.max(1, Math.floor(ELEMENTS / n));
  for (let k = 0; k < Math.min(arrays, 50); k++) kept += list(from, n).length;
  const faults = process.resourceUsage().minorPageFault;
  const start = process.hrtime.bigint();
  for (let k = 0; k < arrays; k++) kept += list(from, n).length;
  const ns = Number(process.hrtime.bigint() - start);
  const faulted = process.resourceUsage().minorPageFault - faults;
  rows.push([String(n), String(arrays), (ns / arrays / n).toFixed(1), (faulted / arrays).toFixed(1)]);
}
console.log(textTable(rows));
console.log(`${kept} elements made in all`);
