/**
 * The computation jobs' algorithm table: per algorithm its library name, the OLAP property key
 * its results go to (named as HugeGraph-Computer names it) with the key's data type, its
 * parameters (types, ranges, defaults: spec Part B §4.6) and its driver. Parameters are checked
 * here, before any task exists.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import * as drivers from './drivers.js';
import type { AlgorithmOutput, ResolvedParams } from './drivers.js';
import type { DriverContext } from './superstep.js';
import { parseLinksConfig, parseRingsFilter } from './filter-configs.js';
import type { FilterKeys } from './filter-configs.js';

/**
 * A numeric parameter: `int` or `double`, within [min, max] (ends excluded where `exclusive`
 * says), with its default.
 */
interface NumberParam {
  readonly type: 'int' | 'double';
  readonly min: number;
  readonly max: number;
  readonly exclusive?: 'both' | 'min';
  readonly default: number;
}

/** A text parameter (a property name), with its default. */
interface TextParam {
  readonly type: 'string';
  readonly default: string;
}

/**
 * One parameter of an algorithm.
 */
type ParamSpec = NumberParam | TextParam;

/**
 * One algorithm of the table.
 *
 * @example
 * ```ts
 * const spec: AlgorithmSpec = ALGORITHMS.pageRank;
 * console.log(spec.key, spec.dataType);
 * ```
 */
export interface AlgorithmSpec {
  /** HugeGraph's algorithm name (`page-rank`). */
  readonly hugegraphName: string;
  /** The OLAP property key of the results (`page_rank`). */
  readonly key: string;
  readonly dataType: 'DOUBLE' | 'INT' | 'LONG' | 'TEXT';
  /** Whether a vertex may hold several values (a LIST key). */
  readonly list: boolean;
  readonly params: Readonly<Record<string, ParamSpec>>;
  /** The parameter naming the edge property read as a weight, if the algorithm has one. */
  readonly weightParam?: string;
  /**
   * For the filtered algorithms: parses their configuration (ArgumentError at submission) and
   * names the property keys the snapshot must carry, with labels (and edge ids, for links).
   */
  readonly details?: (params: ResolvedParams) => FilterKeys & { readonly edgeIds: boolean };
  readonly run: (context: DriverContext, params: ResolvedParams) => Promise<AlgorithmOutput>;
}

const MAX_SUPER_STEP: NumberParam = { type: 'int', min: 1, max: 2000, default: 10 };
const SAMPLE_RATE: NumberParam = { type: 'double', min: 0, max: 1, exclusive: 'min', default: 1 };
const SEED: NumberParam = { type: 'int', min: 0, max: 2 ** 31 - 1, default: 1 };
const WEIGHT: TextParam = { type: 'string', default: '' };

/**
 * Every algorithm, by its library name.
 *
 * @example
 * ```ts
 * Object.keys(ALGORITHMS); // ['pageRank', 'degreeCentrality', ...]
 * ```
 */
export const ALGORITHMS = {
  pageRank: {
    hugegraphName: 'page-rank', key: 'page_rank', dataType: 'DOUBLE', list: false, run: drivers.pageRank,
    params: {
      alpha: { type: 'double', min: 0, max: 1, exclusive: 'both', default: 0.15 },
      l1DiffThreshold: { type: 'double', min: 0, max: 1, exclusive: 'both', default: 0.00001 },
      maxSuperStep: MAX_SUPER_STEP,
    },
  },
  degreeCentrality: {
    hugegraphName: 'degree-centrality', key: 'degree_centrality', dataType: 'DOUBLE', list: false, run: drivers.degreeCentrality,
    params: { weightProperty: WEIGHT }, weightParam: 'weightProperty',
  },
  wcc: { hugegraphName: 'wcc', key: 'wcc', dataType: 'TEXT', list: false, run: drivers.wcc, params: {} },
  triangleCount: { hugegraphName: 'triangle-count', key: 'triangle_count', dataType: 'LONG', list: false, run: drivers.triangleCount, params: {} },
  clusteringCoefficient: {
    hugegraphName: 'clustering-coefficient', key: 'clustering_coefficient', dataType: 'DOUBLE', list: false, run: drivers.clusteringCoefficient, params: {},
  },
  kcore: {
    hugegraphName: 'kcore', key: 'kcore', dataType: 'INT', list: false, run: drivers.kcore,
    params: { k: { type: 'int', min: 0, max: 2 ** 31 - 1, default: 3 } },
  },
  louvain: { hugegraphName: 'louvain', key: 'louvain', dataType: 'TEXT', list: false, run: drivers.louvain, params: {} },
  lpa: { hugegraphName: 'lpa', key: 'lpa', dataType: 'TEXT', list: false, run: drivers.lpa, params: { maxSuperStep: MAX_SUPER_STEP } },
  closenessCentrality: {
    hugegraphName: 'closeness-centrality', key: 'closeness_centrality', dataType: 'DOUBLE', list: false, run: drivers.closenessCentrality,
    params: { weightProperty: WEIGHT, sampleRate: SAMPLE_RATE, seed: SEED }, weightParam: 'weightProperty',
  },
  betweennessCentrality: {
    hugegraphName: 'betweenness-centrality', key: 'betweenness_centrality', dataType: 'DOUBLE', list: false, run: drivers.betweennessCentrality,
    params: { sampleRate: SAMPLE_RATE, seed: SEED },
  },
  rings: { hugegraphName: 'rings', key: 'rings', dataType: 'TEXT', list: true, run: drivers.rings, params: { maxSuperStep: MAX_SUPER_STEP } },
  ringsWithFilter: {
    hugegraphName: 'rings-with-filter', key: 'rings_with_filter', dataType: 'TEXT', list: true, run: drivers.ringsWithFilter,
    params: { maxSuperStep: MAX_SUPER_STEP, propertyFilter: { type: 'string', default: '{}' } },
    details: (params) => ({ ...parseRingsFilter(String(params.propertyFilter)), edgeIds: false }),
  },
  links: {
    hugegraphName: 'links', key: 'links', dataType: 'TEXT', list: true, run: drivers.links,
    params: { maxSuperStep: MAX_SUPER_STEP, analyzeConfig: { type: 'string', default: '' } },
    details: (params) => ({ ...parseLinksConfig(String(params.analyzeConfig)), edgeIds: true }),
  },
} as const satisfies Readonly<Record<string, AlgorithmSpec>>;

/**
 * A library algorithm name.
 *
 * @example
 * ```ts
 * const name: AlgorithmName = 'pageRank';
 * ```
 */
export type AlgorithmName = keyof typeof ALGORITHMS;

/**
 * Whether `name` is an algorithm of the table.
 */
export function isAlgorithm(name: string): name is AlgorithmName {
  return Object.hasOwn(ALGORITHMS, name);
}

function badParam(algorithm: string, key: string, detail: string): ArgumentError {
  return new ArgumentError('COMPUTE_PARAM', `Invalid parameter '${key}' of ${algorithm}: ${detail}`);
}

/** Checks one numeric value against its spec. */
function checkNumber(algorithm: string, key: string, spec: NumberParam, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badParam(algorithm, key, `expected a number but got ${JSON.stringify(value) ?? String(value)}`);
  if (spec.type === 'int' && !Number.isInteger(value)) throw badParam(algorithm, key, `expected an integer but got ${value}`);
  const lowOk = spec.exclusive === undefined ? value >= spec.min : value > spec.min;
  const highOk = spec.exclusive === 'both' ? value < spec.max : value <= spec.max;
  if (!lowOk || !highOk) {
    const open = spec.exclusive === undefined ? '[' : '(';
    const close = spec.exclusive === 'both' ? ')' : ']';
    throw badParam(algorithm, key, `${value} is outside ${open}${spec.min}, ${spec.max}${close}`);
  }
  return value;
}

/**
 * The parameters of a run of `algorithm`, checked and with defaults filled in: an unknown key,
 * a value of the wrong type or outside its range is an ArgumentError `COMPUTE_PARAM`.
 */
export function resolveParams(algorithm: AlgorithmName, given: Readonly<Record<string, unknown>>): ResolvedParams {
  const specs: Readonly<Record<string, ParamSpec>> = ALGORITHMS[algorithm].params;
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(specs, key)) {
      const known = Object.keys(specs);
      throw badParam(algorithm, key, known.length === 0 ? 'the algorithm takes no parameters' : `expected one of ${known.join(', ')}`);
    }
  }
  const resolved: Record<string, number | string> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const value = given[key];
    if (value === undefined) {
      resolved[key] = spec.default;
    } else if (spec.type === 'string') {
      if (typeof value !== 'string') throw badParam(algorithm, key, `expected a property name but got ${JSON.stringify(value) ?? String(value)}`);
      resolved[key] = value;
    } else {
      resolved[key] = checkNumber(algorithm, key, spec, value);
    }
  }
  const table: AlgorithmSpec = ALGORITHMS[algorithm];
  table.details?.(resolved);
  return resolved;
}
