/**
 * Graph configuration: every key of spec Part A 2.3 with its default and range, plus
 * Quiver's `schema.auto_create`. Unknown keys and out-of-range values are rejected.
 * @module
 */
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ArgumentError, StorageError, UnsupportedError } from '../../errors.js';
import { compileRegex } from '../../engine/index.js';
import { describeValue, readableEntries } from './validate.js';

/**
 * A validated graph configuration, keyed exactly as spec Part A 2.3.
 *
 * @example
 * ```ts
 * const config = resolveGraphConfig('hugegraph', { 'vertex.tx_capacity': 20000 });
 * console.log(config['vertex.tx_capacity']); // 20000
 * ```
 */
export interface GraphConfig {
  readonly backend: string;
  readonly serializer: string;
  readonly store: string;
  readonly 'rate_limit.write': number;
  readonly 'rate_limit.read': number;
  readonly 'task.wait_timeout': number;
  readonly 'task.input_size_limit': number;
  readonly 'task.result_size_limit': number;
  readonly 'task.scheduler_type': string;
  readonly 'vertex.check_customized_id_exist': boolean;
  /**
   * Vertices one write batch (a REST batch, a Gremlin request) may add; `Infinity` in a
   * `schema.auto_create` graph unless given, as TinkerGraph, which that mode follows, has none.
   */
  readonly 'vertex.tx_capacity': number;
  /** Edges one write batch may add; `Infinity` in a `schema.auto_create` graph unless given. */
  readonly 'edge.tx_capacity': number;
  readonly 'schema.init_template': string | null;
  readonly 'schema.illegal_name_regex': string;
  readonly 'schema.cache_capacity': number;
  readonly 'vertex.cache_capacity': number;
  readonly 'vertex.cache_expire': number;
  readonly 'edge.cache_capacity': number;
  readonly 'edge.cache_expire': number;
  readonly 'search.text_analyzer': string;
  readonly 'search.text_analyzer_mode': string;
  readonly 'graph.virtual_graph_enable': boolean;
  readonly 'graph.virtual_graph_batch_buffer_size': number;
  readonly 'graph.virtual_graph_batch_size': number;
  readonly 'graph.virtual_graph_batch_time_ms': number;
  readonly 'graph.virtual_graph_vertex_init_capacity': number;
  readonly 'graph.virtual_graph_vertex_max_size': number;
  readonly 'graph.virtual_graph_vertex_expire': number;
  readonly 'graph.virtual_graph_edge_init_capacity': number;
  readonly 'graph.virtual_graph_edge_max_size': number;
  readonly 'graph.virtual_graph_edge_expire': number;
  readonly 'graph.virtual_graph_batcher_task_threads': number;
  /** Quiver: create unknown labels and property keys on first write (TinkerGraph style). */
  readonly 'schema.auto_create': boolean;
}

/**
 * Configuration as a caller gives it: any subset of the keys. Numbers may also be given as
 * decimal strings and booleans as `'true'`/`'false'`, as HugeGraph's REST body carries them.
 *
 * @example
 * ```ts
 * const input: GraphConfigInput = { 'schema.auto_create': true, 'edge.tx_capacity': '50000' };
 * ```
 */
export type GraphConfigInput = { readonly [K in keyof GraphConfig]?: GraphConfig[K] | string | bigint };

/** The only storage identifier accepted for `backend`. */
const BACKEND = 'hstore';
const INT_MAX = 2 ** 31 - 1;
const LONG_MAX = 2n ** 63n - 1n;

/** Text analyzer modes per analyzer (Part A 2.3); smartcn takes no mode. */
const ANALYZER_MODES: Readonly<Record<string, readonly string[]>> = {
  word: [
    'MaximumMatching', 'ReverseMaximumMatching', 'MinimumMatching', 'ReverseMinimumMatching',
    'BidirectionalMaximumMatching', 'BidirectionalMinimumMatching', 'BidirectionalMaximumMinimumMatching',
    'FullSegmentation', 'MinimalWordCount', 'MaxNgramScore', 'PureEnglish',
  ],
  ansj: ['BaseAnalysis', 'IndexAnalysis', 'ToAnalysis', 'NlpAnalysis'],
  hanlp: ['standard', 'nlp', 'index', 'nShort', 'shortest', 'speed'],
  smartcn: [],
  jieba: ['SEARCH', 'INDEX'],
  jcseg: ['Simple', 'Complex'],
  mmseg4j: ['Simple', 'Complex', 'MaxWord'],
  ikanalyzer: ['smart', 'max_word'],
};

type Rule =
  | { readonly type: 'int' | 'long'; readonly min: number; readonly max: number | bigint; readonly inclusiveMax?: boolean; readonly fallback: number }
  | { readonly type: 'boolean'; readonly fallback: boolean }
  | { readonly type: 'string'; readonly values?: readonly string[]; readonly fallback: string | null };

const int = (fallback: number, min = 0, max: number = INT_MAX): Rule => ({ type: 'int', min, max, fallback });
const long = (fallback: number): Rule => ({ type: 'long', min: 0, max: LONG_MAX, fallback });
const cpus = availableParallelism();

/** Every accepted key with its type, range and default. `store` defaults to the graph name. */
const RULES: Readonly<Record<keyof GraphConfig, Rule>> = {
  backend: { type: 'string', values: [BACKEND], fallback: BACKEND },
  serializer: { type: 'string', values: ['binary'], fallback: 'binary' },
  store: { type: 'string', fallback: null },
  'rate_limit.write': int(0),
  'rate_limit.read': int(0),
  'task.wait_timeout': long(10),
  'task.input_size_limit': int(10 * 1024 * 1024, 0, 1024 * 1024 * 1024),
  'task.result_size_limit': int(10 * 1024 * 1024, 0, 1024 * 1024 * 1024),
  'task.scheduler_type': { type: 'string', values: ['local', 'etcd'], fallback: 'local' },
  'vertex.check_customized_id_exist': { type: 'boolean', fallback: false },
  'vertex.tx_capacity': int(10000, 500, 1000000),
  'edge.tx_capacity': int(10000, 500, 1000000),
  'schema.init_template': { type: 'string', fallback: null },
  'schema.illegal_name_regex': { type: 'string', fallback: '.*\\s+$|~.*' },
  'schema.cache_capacity': long(10000),
  'vertex.cache_capacity': long(10 * 1000 * 1000),
  'vertex.cache_expire': int(600),
  'edge.cache_capacity': long(1000 * 1000),
  'edge.cache_expire': int(600),
  'search.text_analyzer': { type: 'string', values: Object.keys(ANALYZER_MODES), fallback: 'jieba' },
  'search.text_analyzer_mode': { type: 'string', fallback: 'INDEX' },
  'graph.virtual_graph_enable': { type: 'boolean', fallback: false },
  'graph.virtual_graph_batch_buffer_size': int(0, 0, 65535),
  'graph.virtual_graph_batch_size': int(50, 0, 65535),
  'graph.virtual_graph_batch_time_ms': int(100),
  'graph.virtual_graph_vertex_init_capacity': int(1000 * 1000),
  'graph.virtual_graph_vertex_max_size': long(100 * 1000 * 1000),
  'graph.virtual_graph_vertex_expire': long(60 * 100),
  'graph.virtual_graph_edge_init_capacity': int(10000),
  'graph.virtual_graph_edge_max_size': long(1000 * 1000),
  'graph.virtual_graph_edge_expire': long(60 * 100),
  'graph.virtual_graph_batcher_task_threads': {
    type: 'int', min: 1, max: Math.max(4, cpus * 2), inclusiveMax: true, fallback: Math.max(4, Math.floor(cpus / 2)),
  },
  'schema.auto_create': { type: 'boolean', fallback: false },
};

/** Capacities a TinkerGraph-compatible (`schema.auto_create`) graph leaves unbounded unless given. */
const UNBOUNDED_WHEN_AUTO = ['vertex.tx_capacity', 'edge.tx_capacity'] as const;

/**
 * The keys a graph configuration accepts, in spec order.
 *
 * @example
 * ```ts
 * console.log(GRAPH_CONFIG_KEYS.includes('edge.tx_capacity')); // true
 * ```
 */
export const GRAPH_CONFIG_KEYS: readonly (keyof GraphConfig)[] = Object.keys(RULES) as (keyof GraphConfig)[];

const GRAPH_NAME = /^[a-z][a-z0-9_]{0,47}$/;

/**
 * Checks a graph name: lowercase letters, digits and underscore, starting with a letter, at most
 * 48 characters (spec Part A §8), so that it is also a safe directory name.
 *
 * @example
 * ```ts
 * validateGraphName('hugegraph'); // ok
 * validateGraphName('../etc');    // throws ArgumentError INVALID_GRAPH_NAME
 * ```
 */
export function validateGraphName(name: string): void {
  if (typeof name !== 'string' || !GRAPH_NAME.test(name)) {
    throw new ArgumentError(
      'INVALID_GRAPH_NAME',
      `Invalid graph name ${describeValue(name)}: use lowercase letters, digits and underscore, start with a letter, at most 48 characters`,
    );
  }
}

function badValue(key: string, value: unknown, expected: string): ArgumentError {
  return new ArgumentError('INVALID_CONFIG_VALUE', `Invalid value for config key '${key}': expected ${expected} but got ${describeValue(value)}`, {
    details: { key },
  });
}

function toInteger(key: string, value: unknown, rule: Extract<Rule, { type: 'int' | 'long' }>): number {
  const range = `${rule.type === 'int' ? 'an int' : 'a long'} in [${rule.min}, ${String(rule.max)}${rule.inclusiveMax === true ? ']' : ')'}`;
  let big: bigint;
  if (typeof value === 'number' && Number.isInteger(value)) big = BigInt(value);
  else if (typeof value === 'bigint') big = value;
  else if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) big = BigInt(value.trim());
  else throw badValue(key, value, range);
  const max = BigInt(rule.max);
  const aboveMax = rule.inclusiveMax === true ? big > max : big >= max;
  if (big < BigInt(rule.min) || aboveMax) throw badValue(key, value, range);
  return Number(big);
}

function toBoolean(key: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badValue(key, value, 'true or false');
}

function toText(key: string, value: unknown, rule: Extract<Rule, { type: 'string' }>): string {
  if (typeof value !== 'string') throw badValue(key, value, 'a string');
  if (rule.values !== undefined && !rule.values.includes(value)) throw badValue(key, value, `one of ${rule.values.join(', ')}`);
  return value;
}

function checkCrossRules(name: string, config: Record<string, unknown>, given: ReadonlySet<string>): void {
  if (config.store !== name) throw badValue('store', config.store, `the graph name '${name}'`);
  try {
    compileRegex(config['schema.illegal_name_regex'] as string, { dotAll: true, what: 'schema.illegal_name_regex' });
  } catch (cause) {
    throw new ArgumentError('INVALID_CONFIG_VALUE', `Invalid value for config key 'schema.illegal_name_regex': ${(cause as Error).message}`, { cause });
  }
  const analyzer = config['search.text_analyzer'] as string;
  const modes = ANALYZER_MODES[analyzer] ?? [];
  if (!given.has('search.text_analyzer_mode')) {
    config['search.text_analyzer_mode'] = modes.includes('INDEX') ? 'INDEX' : (modes[0] ?? '');
  }
  const mode = config['search.text_analyzer_mode'] as string;
  if (modes.length === 0 ? mode !== '' : !modes.includes(mode)) {
    throw badValue('search.text_analyzer_mode', mode, modes.length === 0 ? `no mode for analyzer ${analyzer}` : `one of ${modes.join(', ')} for analyzer ${analyzer}`);
  }
  if (config['schema.init_template'] !== null) {
    throw new UnsupportedError('UNSUPPORTED_CONFIG', `Cannot create graph '${name}': schema templates (schema.init_template) are not supported`);
  }
}

/**
 * Validates a graph configuration and fills in every default. Unknown keys, wrong types and
 * out-of-range values throw {@link ArgumentError} (`UNKNOWN_CONFIG_KEY`, `INVALID_CONFIG_VALUE`).
 * A `schema.auto_create` graph has no tx capacity unless one is given.
 *
 * @example
 * ```ts
 * resolveGraphConfig('g1')['edge.tx_capacity'];                                 // 10000
 * resolveGraphConfig('g1', { 'schema.auto_create': true })['edge.tx_capacity'];  // Infinity
 * ```
 */
export function resolveGraphConfig(name: string, input: GraphConfigInput = {}): GraphConfig {
  validateGraphName(name);
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ArgumentError('INVALID_CONFIG_VALUE', `Invalid config for graph '${name}': expected an object of config keys`);
  }
  const config: Record<string, unknown> = {};
  const given = new Set<string>();
  for (const [key, value] of Object.entries(readableEntries(input, `config for graph '${name}'`))) {
    if (value === undefined) continue;
    const rule = (RULES as Readonly<Record<string, Rule>>)[key];
    if (rule === undefined) {
      throw new ArgumentError('UNKNOWN_CONFIG_KEY', `Unknown config key '${key}': accepted keys are ${GRAPH_CONFIG_KEYS.join(', ')}`, { details: { key } });
    }
    given.add(key);
    if (rule.type === 'boolean') config[key] = toBoolean(key, value);
    else if (rule.type === 'string') config[key] = key === 'schema.init_template' && value === null ? null : toText(key, value, rule);
    else config[key] = toInteger(key, value, rule);
  }
  for (const key of GRAPH_CONFIG_KEYS) {
    if (!given.has(key)) config[key] = key === 'store' ? name : RULES[key].fallback;
  }
  if (config['schema.auto_create'] === true) {
    for (const key of UNBOUNDED_WHEN_AUTO) if (!given.has(key)) config[key] = Number.POSITIVE_INFINITY;
  }
  checkCrossRules(name, config, given);
  return config as unknown as GraphConfig;
}

/**
 * The configuration stored in a graph directory, or undefined for a directory a crash left
 * before its configuration was written (no config.json and no data). A missing file beside
 * data, an empty or unparsable file, or an invalid configuration is StorageError
 * `CONFIG_DAMAGED` naming the file.
 */
export async function readGraphConfig(dir: string, name: string): Promise<GraphConfig | undefined> {
  const file = join(dir, 'config.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') throw configError(file, { name, problem: `cannot be read: ${messageOf(cause)}`, cause });
    const data = (await readdir(dir).catch(() => [] as string[])).filter((f) => f === 'wal' || f === 'snapshots');
    if (data.length > 0) throw configError(file, { name, problem: `is missing but the graph has data (${data.join(', ')})`, cause });
    return undefined;
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (cause) {
    throw configError(file, { name, problem: text.trim() === '' ? 'is empty' : `is not valid JSON: ${messageOf(cause)}`, cause });
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw configError(file, { name, problem: `holds ${describeValue(input)} instead of an object` });
  try {
    return resolveGraphConfig(name, input as GraphConfigInput);
  } catch (cause) {
    throw configError(file, { name, problem: `holds an invalid configuration: ${messageOf(cause)}`, cause });
  }
}

function configError(file: string, what: { name: string; problem: string; cause?: unknown }): StorageError {
  return new StorageError('CONFIG_DAMAGED', `Cannot open graph '${what.name}': configuration file '${file}' ${what.problem}`, { cause: what.cause, details: { file } });
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
