/**
 * Helpers of the `quiver load` tests: a temporary directory holding input files, a mapping and
 * a schema; a load into a data directory inside it (in this process, as the CLI runs it); and
 * reads of the loaded graph.
 * @module
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openServerState } from '../../../src/index.js';
import { runLoad } from '../../../src/cli/load/run-load.js';
import type { LoadOptions, LoadResult } from '../../../src/cli/load/run-load.js';

/** A load's result, what it printed, its error file's lines, and the graph's contents. */
export interface Loaded {
  readonly result: LoadResult;
  readonly printed: string[];
  readonly errors: string[];
  readonly dir: string;
  /** Runs a Gremlin script on the loaded graph and returns its plain results. */
  query(script: string): Promise<unknown[]>;
}

const cleanups: string[] = [];

/** Removes every directory the helpers made. */
export function cleanUp(): void {
  for (const dir of cleanups.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A temporary directory with `files` written in it. */
export function workDir(files: Readonly<Record<string, string | Uint8Array>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'quiver-load-'));
  cleanups.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** Loads into `<dir>/data` with the mapping `struct.json` and the schema `schema.groovy` of `dir`. */
export async function loadDir(dir: string, options: Partial<LoadOptions> = {}): Promise<Loaded> {
  const printed: string[] = [];
  const errorFile = join(dir, 'errors.tsv');
  const result = await runLoad({
    graph: 'DEFAULT/hugegraph',
    mapping: join(dir, 'struct.json'),
    schema: existsSync(join(dir, 'schema.groovy')) ? join(dir, 'schema.groovy') : undefined,
    data: join(dir, 'data'),
    parallel: 1,
    maxParseErrors: 1000,
    maxInsertErrors: 1000,
    errorFile,
    progress: false,
    cwd: dir,
    out: (line) => printed.push(line),
    ...options,
  });
  const errors = existsSync(errorFile) ? readFileSync(errorFile, 'utf8').split('\n').filter((l) => l !== '') : [];
  return {
    result, printed, errors, dir,
    query: async (script) => {
      const { state } = await openServerState({ path: join(dir, 'data') });
      try {
        return await state.graph('DEFAULT', 'hugegraph').gremlin(script);
      } finally {
        await state.close();
      }
    },
  };
}

/** Writes `files` to a new directory and loads it (see {@link loadDir}). */
export async function load(files: Readonly<Record<string, string | Uint8Array>>, options: Partial<LoadOptions> = {}): Promise<Loaded> {
  return loadDir(workDir(files), options);
}

/** The schema of the option tests: person (primary key name) and software (customised number ids), knows and created. */
export const SCHEMA = [
  'schema.propertyKey("name").asText().ifNotExist().create()',
  'schema.propertyKey("age").asInt().ifNotExist().create()',
  'schema.propertyKey("city").asText().ifNotExist().create()',
  'schema.propertyKey("born").asDate().ifNotExist().create()',
  'schema.propertyKey("tags").asText().valueList().ifNotExist().create()',
  'schema.propertyKey("weight").asDouble().ifNotExist().create()',
  'schema.propertyKey("vip").asBoolean().ifNotExist().create()',
  'schema.vertexLabel("person").properties("name", "age", "city", "born", "tags", "vip").primaryKeys("name").nullableKeys("age", "city", "born", "tags", "vip").ifNotExist().create()',
  'schema.vertexLabel("software").useCustomizeNumberId().properties("name").ifNotExist().create()',
  'schema.edgeLabel("knows").sourceLabel("person").targetLabel("person").properties("weight").nullableKeys("weight").ifNotExist().create()',
  'schema.edgeLabel("created").sourceLabel("person").targetLabel("software").ifNotExist().create()',
].join('\n');
