/**
 * Reads the Gremlin texts of TinkerPop's feature files at test time: `the traversal of` and
 * `the graph initializer of` doc strings and `count of "..."` texts, with the scenario's
 * parameters converted roughly from the suite's value notation (FORMAT.md §4).
 * @module
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sharedPath } from '../shared-dir.js';
import { TypedNumber, Uuid, type NumericType } from '../../src/engine/index.js';

/**
 * One Gremlin text of the suite, with where it came from.
 *
 * @example
 * ```ts
 * const c: CorpusCase = { file: 'Has.feature', line: 26, text: 'g.V()', bindings: new Map(), expectsError: false };
 * ```
 */
export interface CorpusCase {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  readonly bindings: ReadonlyMap<string, unknown>;
  /** The scenario expects `the traversal will raise an error`. */
  readonly expectsError: boolean;
}

/**
 * The feature directory given to the tests.
 *
 * @example
 * ```ts
 * readCorpus(FEATURES_DIR).length > 0;
 * ```
 */
export const FEATURES_DIR = process.env['QUIVER_FEATURES'] ?? sharedPath('tinkerpop', 'features');

function featureFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return featureFiles(path);
    return name.endsWith('.feature') ? [path] : [];
  });
}

const NUMBER_TYPES: Readonly<Record<string, NumericType | 'int'>> = { b: 'byte', s: 'short', i: 'int', l: 'long', f: 'float', d: 'double', m: 'bigdecimal', n: 'biginteger' };

/**
 * A rough conversion of the suite's typed notation into a value.
 *
 * @example
 * ```ts
 * notationValue('d[1].l'); // new TypedNumber('long', 1n)
 * ```
 */
export function notationValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === 'null') return null;
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  const num = /^d\[(.*)\]\.([bsilfdmn])$/.exec(trimmed);
  if (num !== null) {
    const type = NUMBER_TYPES[num[2]!]!;
    if (type === 'int') return Number(num[1]);
    if (type === 'long' || type === 'biginteger') return new TypedNumber(type, BigInt(num[1]!));
    return new TypedNumber(type, type === 'bigdecimal' ? num[1]! : Number(num[1]));
  }
  if (/^d\[(NaN|-?Infinity)\]$/.test(trimmed)) return new TypedNumber('double', Number(trimmed.slice(2, -1)));
  if (/^[ve]\[.*\]\.s?id$/.test(trimmed)) return trimmed.slice(2, trimmed.lastIndexOf(']'));
  if (/^(v|e|vp)\[.*\]$/.test(trimmed)) return { argumentKind: 'element', name: trimmed };
  if (/^str\[.*\]$/.test(trimmed)) return trimmed.slice(4, -1);
  if (/^uuid\[.*\]$/.test(trimmed)) return new Uuid(trimmed.slice(5, -1));
  if (/^dt\[.*\]$/.test(trimmed)) return new Date(trimmed.slice(3, -1));
  if (/^[ls]\[.*\]$/.test(trimmed)) {
    const items = splitTopLevel(trimmed.slice(2, -1)).map(notationValue);
    return trimmed.startsWith('s') ? new Set(items) : items;
  }
  if (/^m\[.*\]$/.test(trimmed)) return jsonMap(JSON.parse(trimmed.slice(2, -1)) as Record<string, unknown>);
  return trimmed;
}

function jsonMap(object: Record<string, unknown>): Map<unknown, unknown> {
  const convert = (v: unknown): unknown => (typeof v === 'string' ? notationValue(v) : v !== null && typeof v === 'object' && !Array.isArray(v) ? jsonMap(v as Record<string, unknown>) : v);
  return new Map(Object.entries(object).map(([k, v]) => [notationValue(k), convert(v)]));
}

function splitTopLevel(text: string): string[] {
  if (text.trim() === '') return [];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Every Gremlin text of every feature file under a directory.
 *
 * @example
 * ```ts
 * const cases = readCorpus('/work/shared/tinkerpop/features');
 * ```
 */
export function readCorpus(dir: string): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const path of featureFiles(dir)) {
    const lines = readFileSync(path, 'utf8').split('\n');
    let scenario: { bindings: Map<string, unknown>; texts: { line: number; text: string }[]; expectsError: boolean } | undefined;
    const flush = (): void => {
      for (const t of scenario?.texts ?? []) cases.push({ file: path, line: t.line, text: t.text, bindings: scenario!.bindings, expectsError: scenario!.expectsError });
    };
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (/^\s*Scenario:/.test(line)) {
        flush();
        scenario = { bindings: new Map(), texts: [], expectsError: false };
        continue;
      }
      if (scenario === undefined) continue;
      const parameter = /using the parameter (\S+) defined as "(.*)"\s*$/.exec(line);
      if (parameter !== null) scenario.bindings.set(parameter[1]!, notationValue(parameter[2]!.replace(/\\"/g, '"')));
      const count = /for count of "(.*)"\s*$/.exec(line);
      if (count !== null) scenario.texts.push({ line: i + 1, text: count[1]!.replace(/\\"/g, '"') });
      if (/the traversal will raise an error/.test(line)) scenario.expectsError = true;
      if (/(the traversal of|the graph initializer of)\s*$/.test(line)) {
        let j = i + 1;
        while (!lines[j]!.includes('"""')) j++;
        const indent = lines[j]!.indexOf('"""');
        const body: string[] = [];
        for (j++; lines[j]!.trim() !== '"""'; j++) body.push(lines[j]!.slice(indent));
        scenario.texts.push({ line: i + 1, text: body.join('\n') });
        i = j;
      }
    }
    flush();
  }
  return cases;
}

/**
 * Every own method name of Object.prototype (constructor, __proto__, hasOwnProperty,
 * valueOf, __defineGetter__...): names a script must never reach on any object.
 *
 * @example
 * ```ts
 * OBJECT_PROTOTYPE_NAMES.includes('hasOwnProperty'); // true
 * ```
 */
export const OBJECT_PROTOTYPE_NAMES: readonly string[] = Object.getOwnPropertyNames(Object.prototype);

/**
 * TypeScript-private or protected members of the schema builders and names no object has.
 *
 * @example
 * ```ts
 * HIDDEN_BUILDER_NAMES.includes('checkUpdate'); // true
 * ```
 */
export const HIDDEN_BUILDER_NAMES: readonly string[] = ['checkUpdate', 'common', 'createOptions', 'refuse', 'refuseId', 'once', 'kindName', 'missing', 'ops', 'reader', 'data', 'then', 'close', 'apply', 'call', 'bind'];

/**
 * Objects a script can reach, as the text that reaches them, with builder calls each accepts
 * without writing anything (the fuzz tests put them before a forbidden name).
 *
 * @example
 * ```ts
 * SCRIPT_TARGETS[0]!.text; // 'graph'
 * ```
 */
export const SCRIPT_TARGETS: readonly { readonly text: string; readonly calls: readonly string[] }[] = [
  { text: 'graph', calls: [] },
  { text: 'graph.schema()', calls: [] },
  { text: "graph.schema().propertyKey('fuzzKey')", calls: ['asInt()', 'asText()', 'valueList()', "dataType('int')", "userdata('a', 1)", 'ifNotExist()', "cardinality('set')", 'checkExist(false)', 'id(5)'] },
  { text: "graph.schema().vertexLabel('fuzzLabel')", calls: ["properties('name')", "primaryKeys('name')", 'useCustomizeStringId()', "nullableKeys('age')", 'enableLabelIndex(true)', 'ttl(5)', "userdata('a', ['b': 1])"] },
  { text: "graph.schema().edgeLabel('fuzzEdge')", calls: ["link('person', 'person')", "sourceLabel('person')", "targetLabel('software')", 'multiTimes()', "sortKeys('weight')", "properties('weight')"] },
  { text: "graph.schema().indexLabel('fuzzIndex')", calls: ["onV('person')", "by('age')", 'range()', 'secondary()', "onE('knows')", "indexType('SHARD')"] },
  { text: 'g.V().next()', calls: [] },
  { text: 'g.E().next()', calls: [] },
];

/**
 * Script texts that call every Object.prototype and hidden name on every reachable object,
 * for the parser and Graph.gremlin fuzz tests (intact they must fail; mutated, only with a
 * QuiverError).
 *
 * @example
 * ```ts
 * scriptMethodCorpus().some((c) => c.text === 'graph.schema().constructor()'); // true
 * ```
 */
export function scriptMethodCorpus(): CorpusCase[] {
  return SCRIPT_TARGETS.flatMap((target) =>
    [...OBJECT_PROTOTYPE_NAMES, ...HIDDEN_BUILDER_NAMES].map((name) => ({
      file: 'script-methods', line: 0, text: `${target.text}.${target.calls.join('.')}${target.calls.length > 0 ? '.' : ''}${name}().create()`,
      bindings: new Map(), expectsError: true,
    })),
  );
}
