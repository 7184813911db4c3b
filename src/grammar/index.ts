/**
 * The grammar layer: Gremlin text to Bytecode, and Gremlin-Groovy scripts to a Script.
 * Other layers import only from this file. The output is data only, so no code can run.
 * @module
 */
import type { CstNode } from 'chevrotain';
import type { Bytecode, Script } from '../engine/index.js';
import type { ArgumentContext } from './arguments.js';
import { tokenize } from './lexer.js';
import { parseTokens } from './parser.js';
import { visitScript } from './script-visitor.js';
import { syntaxError } from './syntax-errors.js';
import { visitQuery } from './traversal-visitor.js';

export { CardinalityValue, VariableRef, VertexRef } from '../engine/index.js';

/**
 * Options of {@link parseTraversal} and {@link parseScript}.
 *
 * @example
 * ```ts
 * const options: ParseOptions = { bindings: new Map([['vid1', 1]]) };
 * ```
 */
interface ParseOptions {
  /** Values of the variables the text may name. An unbound name is a syntax error. */
  readonly bindings?: ReadonlyMap<string, unknown>;
  /** Names a script may use as variables defined before it (a console session's variables). */
  readonly variables?: Iterable<string>;
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

function parse(text: string, rule: 'query' | 'queryList'): CstNode {
  const cache = cstCache[rule];
  const cached = cache.get(text);
  if (cached !== undefined) {
    cache.delete(text);
    cache.set(text, cached);
    return cached;
  }
  const { tokens } = tokenize(text);
  const { cst, errors } = parseTokens(tokens, { rule });
  const error = errors[0];
  if (error !== undefined) throw syntaxError(error, { text, tokens });
  if (text.length <= CST_CACHE_MAX_TEXT) {
    cache.set(text, cst);
    if (cache.size > CST_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return cst;
}

/**
 * Parses one gremlin-lang traversal that starts with `g` into Bytecode.
 *
 * @throws GremlinSyntaxError with line, column and what was expected.
 * @example
 * ```ts
 * const bytecode = parseTraversal("g.V(vid).out('knows').has('age', P.gt(30))", { bindings: new Map([['vid', 1]]) });
 * bytecode.steps.map((s) => s.op); // ['V', 'out', 'has']
 * ```
 */
export function parseTraversal(text: string, options: ParseOptions = {}): Bytecode {
  const context: ArgumentContext = { bindings: options.bindings ?? NO_BINDINGS, scriptVariables: new Set(), strategies: false };
  return visitQuery(parse(text, 'query'), context);
}

/**
 * Parses a Gremlin-Groovy script (the subset HugeGraph users send to /gremlin) into a Script.
 * Closures, Java classes and any other Groovy are refused with a GremlinSyntaxError.
 *
 * @throws GremlinSyntaxError with line, column and what was expected.
 * @example
 * ```ts
 * const script = parseScript("def v = graph.addVertex(T.label, 'person', 'name', 'marko'); g.V(v).toList()");
 * script.statements.length; // 2
 * ```
 */
export function parseScript(text: string, options: ParseOptions = {}): Script {
  return visitScript(parse(text, 'queryList'), { bindings: options.bindings ?? NO_BINDINGS, variables: options.variables ?? [] });
}

