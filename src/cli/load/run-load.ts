/**
 * `quiver load`: reads the inputs of a hugegraph-loader mapping and writes their vertices, then
 * their edges (every vertex mapping of every input first, as hugegraph-loader orders them), in
 * batches to a data directory or a server. Rows that fail to parse or to insert go to the error
 * file; past `--max-parse-errors` or `--max-insert-errors` the load stops and reports it.
 * @module
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { ArgumentError } from '../../index.js';
import type { EdgeInput, VertexInput } from '../../index.js';
import { compileEdge, compileVertex } from './row-builders.js';
import type { RowBuilder } from './row-builders.js';
import { ErrorFile } from './error-file.js';
import { JsonPlace } from './json-check.js';
import type { LoadSchema } from './load-schema.js';
import { readMapping } from './mapping.js';
import type { InputStruct, LoadMapping } from './mapping.js';
import { LoadProgress, summaryLines } from './progress.js';
import type { InputCounts } from './progress.js';
import { inputFiles, readRows } from './reader.js';
import type { SourceRow } from './reader.js';
import { directoryTarget, graphName, restTarget } from './targets.js';
import type { LoadTarget } from './targets.js';

/** Options of one load (the flags of `quiver load`). */
export interface LoadOptions {
  /** `SPACE/GRAPH`, or a graph name in DEFAULT. */
  readonly graph: string;
  readonly mapping: string;
  readonly schema?: string;
  readonly data?: string;
  readonly url?: string;
  readonly user?: string;
  readonly password?: string;
  /** Elements per write; 5000 into a data directory, 500 to a server unless given. */
  readonly batchSize?: number;
  /** Batches in flight at once to a server (a data directory writes one at a time). */
  readonly parallel: number;
  readonly maxParseErrors: number;
  readonly maxInsertErrors: number;
  readonly errorFile: string;
  readonly progress: boolean;
  /** Directory relative input paths are resolved against (the working directory, as hugegraph-loader does). */
  readonly cwd: string;
  readonly out: (line: string) => void;
}

/** What a load did: counts per input and phase, and why it stopped early, if it did. */
export interface LoadResult {
  readonly counts: readonly InputCounts[];
  readonly stopped: string | undefined;
}

type Phase = 'vertices' | 'edges';
interface Compiled {
  readonly label: string;
  readonly build: RowBuilder<VertexInput | EdgeInput>;
}

/** Stops the load at an error limit. */
class LimitReached extends Error {}

function compiled(mapping: LoadMapping, file: string, schema: LoadSchema): Map<InputStruct, Record<Phase, Compiled[]>> {
  const out = new Map<InputStruct, Record<Phase, Compiled[]>>();
  mapping.structs.forEach((struct, i) => {
    const place = (kind: Phase, j: number, label: string): JsonPlace =>
      new JsonPlace(file, mapping.version === '2.0' ? `structs[${i}].${kind}[${j}]` : `${kind} mapping of '${label}'`);
    out.set(struct, {
      vertices: struct.vertices.flatMap((m, j) => (m.skip ? [] : [{ label: m.label, build: compileVertex(m, schema, struct.input, place('vertices', j, m.label)) }])),
      edges: struct.edges.flatMap((m, j) => (m.skip ? [] : [{ label: m.label, build: compileEdge(m, schema, struct.input, place('edges', j, m.label)) }])),
    });
  });
  return out;
}

/** One load from its options to its result. */
class Loader {
  private readonly errors: ErrorFile;
  private readonly progress: LoadProgress;
  private readonly inflight = new Set<Promise<void>>();
  private parseErrors = 0;
  private insertErrors = 0;
  private failure: unknown;

  constructor(
    private readonly options: LoadOptions,
    private readonly target: LoadTarget,
    private readonly batchSize: number,
  ) {
    this.errors = new ErrorFile(options.errorFile);
    this.progress = new LoadProgress(options.progress);
  }

  private parseError(row: SourceRow, label: string, reason: string, counts: InputCounts): void {
    this.errors.write(row, 'parse', label, reason);
    counts.parseErrors++;
    if (++this.parseErrors > this.options.maxParseErrors) throw new LimitReached(`more than ${this.options.maxParseErrors} parse errors (--max-parse-errors)`);
  }

  private rethrow(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  /** Writes one batch, at most `parallel` at once; refused rows go to the error file. */
  private async flush(phase: Phase, label: string, batch: { items: (VertexInput | EdgeInput)[]; rows: SourceRow[] }, counts: InputCounts): Promise<void> {
    if (batch.items.length === 0) return;
    const { items, rows } = batch;
    batch.items = [];
    batch.rows = [];
    const write = phase === 'vertices' ? this.target.addVertices(items as VertexInput[]) : this.target.addEdges(items as EdgeInput[]);
    const done = write
      .then((refusals) => {
        counts.loaded += items.length - refusals.size;
        for (const [at, reason] of refusals) {
          this.errors.write(rows[at]!, 'insert', label, reason);
          counts.insertErrors++;
          this.insertErrors++;
        }
        if (this.insertErrors > this.options.maxInsertErrors) throw new LimitReached(`more than ${this.options.maxInsertErrors} insert errors (--max-insert-errors)`);
      })
      .catch((e: unknown) => {
        this.failure ??= e;
      })
      .finally(() => this.inflight.delete(done));
    this.inflight.add(done);
    while (this.inflight.size >= this.options.parallel) await Promise.race(this.inflight);
    this.rethrow();
  }

  private async drain(): Promise<void> {
    await Promise.all(this.inflight);
    this.rethrow();
  }

  private async loadFile(file: string, struct: InputStruct, phase: Phase, builders: readonly Compiled[]): Promise<InputCounts> {
    const counts: InputCounts = { file, phase, rows: 0, loaded: 0, parseErrors: 0, insertErrors: 0, ms: 0 };
    const start = performance.now();
    const bar = this.progress.input(`${phase} ${builders.map((b) => b.label).join(',')} <- ${basename(file)}`, statSync(file).size);
    const batches = builders.map(() => ({ items: [] as (VertexInput | EdgeInput)[], rows: [] as SourceRow[] }));
    try {
      for await (const chunk of readRows(file, struct.input)) {
        for (const row of chunk.rows) {
          counts.rows++;
          if (row.error !== undefined) {
            this.parseError(row, builders.map((b) => b.label).join(','), row.error, counts);
            continue;
          }
          for (let i = 0; i < builders.length; i++) {
            let element: VertexInput | EdgeInput;
            try {
              element = builders[i]!.build(row);
            } catch (e) {
              this.parseError(row, builders[i]!.label, e instanceof Error ? e.message : String(e), counts);
              continue;
            }
            const batch = batches[i]!;
            batch.items.push(element);
            batch.rows.push(row);
            if (batch.items.length >= this.batchSize) await this.flush(phase, builders[i]!.label, batch, counts);
          }
        }
        bar.update(chunk.bytesRead, counts.rows);
      }
      for (let i = 0; i < builders.length; i++) await this.flush(phase, builders[i]!.label, batches[i]!, counts);
      await this.drain();
    } finally {
      counts.ms = performance.now() - start;
      bar.stop();
    }
    return counts;
  }

  async run(mapping: LoadMapping): Promise<LoadResult> {
    const counts: InputCounts[] = [];
    const start = performance.now();
    let stopped: string | undefined;
    try {
      if (this.options.schema !== undefined) await this.target.applySchema(readFileSync(this.options.schema, 'utf8'));
      const plan = compiled(mapping, this.options.mapping, await this.target.schema());
      for (const phase of ['vertices', 'edges'] as const) {
        for (const struct of mapping.structs) {
          const builders = plan.get(struct)![phase];
          if (struct.skip || builders.length === 0) continue;
          for (const file of inputFiles(struct.input, this.options.cwd)) counts.push(await this.loadFile(file, struct, phase, builders));
        }
      }
    } catch (e) {
      if (!(e instanceof LimitReached)) throw e;
      stopped = e.message;
      await Promise.allSettled(this.inflight);
    } finally {
      this.progress.stop();
      await this.errors.close();
    }
    for (const line of summaryLines(counts, performance.now() - start)) this.options.out(line);
    if (this.errors.rows > 0) this.options.out(`${this.errors.rows} failed rows written to ${this.errors.path}`);
    if (stopped !== undefined) this.options.out(`load stopped: ${stopped}`);
    return { counts, stopped };
  }
}

/**
 * Runs a load. Fails with ArgumentError `LOAD_OPTION` unless exactly one of `data` and `url` is
 * given, `LOAD_MAPPING` for a bad mapping file, and `LOAD_INPUT` for a missing input; rows that
 * fail only count against the limits.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if ((options.data === undefined) === (options.url === undefined)) throw new ArgumentError('LOAD_OPTION', 'Cannot load: give exactly one of --data DIR and --url URL');
  if (options.parallel < 1) throw new ArgumentError('LOAD_OPTION', 'Cannot load: --parallel must be at least 1');
  if (options.batchSize !== undefined && options.batchSize < 1) throw new ArgumentError('LOAD_OPTION', 'Cannot load: --batch-size must be at least 1');
  const mapping = readMapping(options.mapping);
  const name = graphName(options.graph);
  const target = options.data !== undefined ? await directoryTarget(options.data, name, options.out) : restTarget(options.url!, name, options);
  try {
    return await new Loader(options, target, options.batchSize ?? (options.data !== undefined ? 5000 : 500)).run(mapping);
  } finally {
    await target.close();
  }
}
