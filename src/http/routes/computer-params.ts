/**
 * HugeGraph's computer-dis request (spec Part B §4.6) in the library's terms: the algorithm's
 * HugeGraph name (`page-rank`, and the misspelt `betweeness-centrality` of HugeGraph's own
 * sample) to its library name, each dotted parameter key to its camelCase option (numbers may
 * come as strings, as the samples send them), and the `output.*` keys to a {@link ComputeOutput}.
 * An unknown algorithm or key is a 400 here; ranges are checked by the library.
 * @module
 */
import { ALGORITHMS, ArgumentError } from '../../index.js';
import type { AlgorithmName, ComputeOutput } from '../../index.js';

/** The library name of each HugeGraph algorithm name. */
const NAMES: ReadonlyMap<string, AlgorithmName> = new Map<string, AlgorithmName>([
  ...Object.entries(ALGORITHMS).map(([name, spec]) => [spec.hugegraphName, name as AlgorithmName] as const),
  ['betweeness-centrality', 'betweennessCentrality'],
]);

const MAX_SUPER_STEP = { 'bsp.max_super_step': 'maxSuperStep' } as const;

/** The library option of each HugeGraph parameter key, per algorithm. */
const KEYS: Readonly<Record<AlgorithmName, Readonly<Record<string, string>>>> = {
  pageRank: { 'pagerank.alpha': 'alpha', 'pagerank.l1DiffThreshold': 'l1DiffThreshold', ...MAX_SUPER_STEP },
  degreeCentrality: { 'degree_centrality.weight_property': 'weightProperty' },
  wcc: {},
  triangleCount: {},
  clusteringCoefficient: {},
  kcore: { 'kcore.k': 'k' },
  lpa: MAX_SUPER_STEP,
  louvain: {},
  closenessCentrality: { 'closeness_centrality.weight_property': 'weightProperty', 'closeness_centrality.sample_rate': 'sampleRate' },
  // the spec's table names the key closeness_centrality.sample_rate, its sample betweenness_centrality.sample_rate
  betweennessCentrality: { 'betweenness_centrality.sample_rate': 'sampleRate', 'closeness_centrality.sample_rate': 'sampleRate' },
  rings: MAX_SUPER_STEP,
  ringsWithFilter: { ...MAX_SUPER_STEP, 'rings.property_filter': 'propertyFilter' },
  links: { ...MAX_SUPER_STEP, 'links.analyze_config': 'analyzeConfig' },
};

/** HugeGraph's output classes, by the end of the class name, and Quiver's short names. */
const OUTPUTS: readonly (readonly [RegExp, 'hdfs' | 'file' | 'graph'])[] = [
  [/(^|\.)HdfsOutput$|^hdfs$/i, 'hdfs'],
  [/^(file|csv)$/i, 'file'],
  [/(^|\.)HugeGraphOutput$|^hugegraph$/i, 'graph'],
];

const OUTPUT_KEYS: Readonly<Record<'hdfs' | 'file' | 'graph', readonly string[]>> = {
  hdfs: ['output.hdfs_url', 'output.hdfs_user', 'output.hdfs_path_prefix', 'output.hdfs_delimiter', 'output.hdfs_merge_partitions'],
  file: ['output.file_path', 'output.file_delimiter'],
  graph: [],
};

/**
 * A checked computer-dis request.
 */
interface ComputerRequest {
  readonly algorithm: AlgorithmName;
  readonly params: Readonly<Record<string, unknown>>;
  readonly output?: ComputeOutput;
}

function invalid(message: string): ArgumentError {
  return new ArgumentError('COMPUTE_PARAM', message);
}

/** A numeric text as its number (HugeGraph's samples send numbers as strings); other values as they are. */
function numeric(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** A delimiter parameter: `charN` is the character of code N (HugeGraph's default is char27). */
function delimiter(value: unknown, key: string): string {
  if (typeof value !== 'string' || value === '') throw invalid(`Invalid parameter '${key}': expected a delimiter text`);
  const code = /^char(\d{1,5})$/.exec(value);
  return code === null ? value : String.fromCharCode(Number(code[1]));
}

function text(params: Readonly<Record<string, unknown>>, key: string): string {
  const value = params[key];
  if (typeof value !== 'string' || value === '') throw invalid(`Invalid parameter '${key}': expected a non-empty text`);
  return value;
}

/** The output the `output.*` keys ask for, or undefined for the OLAP key alone. */
function outputOf(params: Readonly<Record<string, unknown>>): ComputeOutput | undefined {
  const given = Object.keys(params).filter((k) => k.startsWith('output.'));
  if (given.length === 0) return undefined;
  const chosen = params['output.output_class'];
  if (chosen === undefined) throw invalid(`Invalid parameter '${given[0]!}': output parameters need output.output_class`);
  const kind = OUTPUTS.find(([pattern]) => typeof chosen === 'string' && pattern.test(chosen))?.[1];
  if (kind === undefined) throw invalid(`Invalid parameter 'output.output_class': unknown output class ${JSON.stringify(chosen)}, expected HdfsOutput, HugeGraphOutput or file`);
  const stray = given.find((k) => k !== 'output.output_class' && !OUTPUT_KEYS[kind].includes(k));
  if (stray !== undefined) throw invalid(`Invalid parameter '${stray}': not a parameter of the ${kind} output`);
  if (kind === 'graph') return undefined;
  if (kind === 'file') {
    return { kind, path: text(params, 'output.file_path'), ...(params['output.file_delimiter'] === undefined ? {} : { delimiter: delimiter(params['output.file_delimiter'], 'output.file_delimiter') }) };
  }
  const merge = params['output.hdfs_merge_partitions'];
  if (merge !== undefined && merge !== true && merge !== false && merge !== 'true' && merge !== 'false') throw invalid(`Invalid parameter 'output.hdfs_merge_partitions': expected true or false`);
  return {
    kind,
    url: text(params, 'output.hdfs_url'),
    user: text(params, 'output.hdfs_user'),
    ...(params['output.hdfs_path_prefix'] === undefined ? {} : { pathPrefix: text(params, 'output.hdfs_path_prefix') }),
    ...(params['output.hdfs_delimiter'] === undefined ? {} : { delimiter: delimiter(params['output.hdfs_delimiter'], 'output.hdfs_delimiter') }),
    ...(merge === undefined ? {} : { mergePartitions: merge === true || merge === 'true' }),
  };
}

/**
 * The library request of a computer-dis body's algorithm and params: ArgumentError
 * `COMPUTE_ALGORITHM` for an unknown algorithm, `COMPUTE_PARAM` for an unknown key or a bad
 * output parameter.
 */
export function computerRequest(algorithm: string, params: Readonly<Record<string, unknown>>): ComputerRequest {
  const name = NAMES.get(algorithm);
  if (name === undefined) throw new ArgumentError('COMPUTE_ALGORITHM', `Unknown algorithm '${algorithm}': expected one of ${[...NAMES.keys()].join(', ')}`);
  const keys = KEYS[name];
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith('output.')) continue;
    const option = keys[key];
    if (option === undefined) {
      const known = Object.keys(keys);
      throw invalid(`Invalid parameter '${key}' of ${algorithm}: ${known.length === 0 ? 'the algorithm takes no parameters' : `expected one of ${known.join(', ')}`}`);
    }
    const spec: { readonly type: string } | undefined = (ALGORITHMS[name].params as Readonly<Record<string, { readonly type: string }>>)[option];
    options[option] = spec?.type === 'string' ? value : numeric(value);
  }
  const output = outputOf(params);
  return { algorithm: name, params: options, ...(output === undefined ? {} : { output }) };
}
