/**
 * The grammar layer: Gremlin text to Bytecode, and Gremlin-Groovy scripts to a Script.
 * Other layers import only from this file. The output is data only, so no code can run.
 * @module
 */
import type { CstNode } from 'chevrotain';
import type { Bytecode, GraphNameKind, Script } from '../engine/index.js';
import type { ArgumentContext } from './arguments.js';
import { tokenize } from './lexer.js';
import { parseTokens } from './parser.js';
import { visitScript } from './script-visitor.js';
import { syntaxError } from './syntax-errors.js';
import { visitQuery } from './traversal-visitor.js';

export { CardinalityValue, VariableRef, VertexRef } from '../engine/index.js';

/**
 * Options of {@link parseTraversal} and {@link parseScript}.
 */
interface ParseOptions {
  /** Values of the variables the text may name. An unbound name is a syntax error. */
  readonly bindings?: ReadonlyMap<string, unknown>;
  /** Names a script may use as variables defined before it (a console session's variables). */
  readonly variables?: Iterable<string>;
  /**
   * What a name that nothing else defines stands for: the graph, its traversal source, or
   * nothing (a server's graph names and aliases). The script lists the names it used.
   */
  readonly graphNames?: (name: string) => GraphNameKind | undefined;
}

const NO_BINDINGS: ReadonlyMap<string, unknown> = new Map();

/** Most parse trees kept by {@link parse}, least recently used first out. */
const CST_CACHE_ENTRIES = 512;
/** Longer texts are parsed every time (bulk scripts are rarely repeated and would crowd the cache). */
const CST_CACHE_MAX_TEXT = 4096;
/**
 * Parse trees of recently parsed texts, per rule. A tree depends only on the text (binding
 * values and script variables enter in the visitors, which only read the tree), so a repeated
 * request skips the lexer and parser and still gets its own plan. Syntax errors are not kept.
 */
const cstCache = { query: new Map<string, CstNode>(), queryList: new Map<string, CstNode>() };

/**
 * Scripts of recently parsed texts, keyed by the text and its bindings, for calls without
 * session variables whose bindings are all strings, numbers, booleans or null: a repeated
 * request skips the visitors too. A Script is data that running it only reads.
 */
const scriptCache = new Map<string, Script>();

/** The cached value of `key`, now the most recently used. */
function recall<T>(cache: Map<string, T>, key: string): T | undefined {
  const cached = cache.get(key);
  if (cached !== undefined) {
    cache.delete(key);
    cache.set(key, cached);
  }
  return cached;
}

/** Keeps `value` under `key` unless the text is long, dropping the least recently used entry beyond the bound. */
function remember<T>(cache: Map<string, T>, text: string, key: string, value: T): void {
  if (text.length > CST_CACHE_MAX_TEXT) return;
  cache.set(key, value);
  if (cache.size > CST_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
}

function parse(text: string, rule: 'query' | 'queryList'): CstNode {
  const cache = cstCache[rule];
  const cached = recall(cache, text);
  if (cached !== undefined) return cached;
  const { tokens } = tokenize(text);
  const { cst, errors } = parseTokens(tokens, { rule });
  const error = errors[0];
  if (error !== undefined) throw syntaxError(error, { text, tokens });
  remember(cache, text, text, cst);
  return cst;
}

/** The script cache's key of a text and its bindings, or undefined when a binding is not a plain scalar. */
function scriptKey(text: string, bindings: ReadonlyMap<string, unknown>): string | undefined {
  let key = text;
  for (const [name, value] of bindings) {
    if (value !== null && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
    key += `\u0000${name}=${typeof value === 'number' ? `n${Object.is(value, -0) ? '-0' : String(value)}` : JSON.stringify(value)}`;
  }
  return key;
}

/**
 * Parses one gremlin-lang traversal that starts with `g` into Bytecode.
 *
 * @throws GremlinSyntaxError with line, column and what was expected.
 */
export function parseTraversal(text: string, options: ParseOptions = {}): Bytecode {
  const context: ArgumentContext = { bindings: options.bindings ?? NO_BINDINGS, scriptVariables: new Set(), strategies: false };
  return visitQuery(parse(text, 'query'), context);
}

/**
 * Parses a Gremlin-Groovy script (the subset HugeGraph users send to /gremlin) into a Script.
 * Closures, Java classes and any other Groovy are refused with a GremlinSyntaxError.
 * `this.binding.'<name>'` stands for the binding, variable or graph name `<name>`.
 *
 * @throws GremlinSyntaxError with line, column and what was expected.
 */
export function parseScript(text: string, options: ParseOptions = {}): Script {
  const bindings = options.bindings ?? NO_BINDINGS;
  const key = options.variables === undefined && options.graphNames === undefined ? scriptKey(text, bindings) : undefined;
  const cached = key === undefined ? undefined : recall(scriptCache, key);
  if (cached !== undefined) return cached;
  const script = visitScript(parse(text, 'queryList'), { bindings, variables: options.variables ?? [], ...(options.graphNames === undefined ? {} : { graphNames: options.graphNames }) });
  if (key !== undefined) remember(scriptCache, text, key, script);
  return script;
}

