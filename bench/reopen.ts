/**
 * Child process of the benchmark: opens a durable database in a fresh process (as a restart
 * would), and prints `{"ms":..,"edges":..}` for graph `rmat`.
 * Usage: node reopen.js <dir>
 * @module
 */
import { performance } from 'node:perf_hooks';
import { open } from '../src/index.js';

const start = performance.now();
const db = await open({ path: process.argv[2]! });
const ms = performance.now() - start;
const view = db.graph('rmat').openReadView();
const edges = view.source.edgeCount();
view.release();
await db.close();
process.stdout.write(`${JSON.stringify({ ms, edges })}\n`);
