/**
 * Gremlin in CodeMirror 6: a StreamLanguage that highlights Gremlin-Groovy (steps, strings,
 * numbers, comments, Groovy keywords, `g`/`__`), and a completion source for step names and,
 * inside a string, the labels and property keys of the graph's schema.
 * @module
 */
import { defaultHighlightStyle, HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import type { StringStream } from '@codemirror/language';
import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { tags } from '@lezer/highlight';

/** Step names of TinkerPop's Gremlin (and the traversal source's), the completion's words. */
const GREMLIN_STEPS: readonly string[] = [
  'V', 'E', 'addE', 'addV', 'aggregate', 'and', 'as', 'barrier', 'both', 'bothE', 'bothV', 'branch', 'by', 'call', 'cap', 'choose',
  'coalesce', 'coin', 'combine', 'concat', 'conjoin', 'connectedComponent', 'constant', 'count', 'cyclicPath', 'dateAdd', 'dateDiff',
  'dedup', 'difference', 'discard', 'disjunct', 'drop', 'element', 'elementMap', 'emit', 'fail', 'filter', 'flatMap', 'fold', 'format',
  'from', 'group', 'groupCount', 'has', 'hasId', 'hasKey', 'hasLabel', 'hasNot', 'hasValue', 'id', 'identity', 'in', 'inE', 'inV',
  'index', 'inject', 'intersect', 'is', 'key', 'label', 'length', 'limit', 'local', 'loops', 'lTrim', 'map', 'match', 'math', 'max',
  'mean', 'merge', 'mergeE', 'mergeV', 'min', 'none', 'not', 'option', 'optional', 'or', 'order', 'otherV', 'out', 'outE', 'outV',
  'pageRank', 'path', 'peerPressure', 'product', 'profile', 'project', 'properties', 'property', 'propertyMap', 'range', 'read',
  'reduce', 'repeat', 'replace', 'reverse', 'rTrim', 'sack', 'sample', 'select', 'shortestPath', 'sideEffect', 'simplePath', 'skip',
  'split', 'subgraph', 'substring', 'sum', 'tail', 'timeLimit', 'times', 'to', 'toLower', 'toUpper', 'toList', 'next', 'iterate',
  'tree', 'trim', 'unfold', 'union', 'until', 'value', 'valueMap', 'values', 'where', 'with', 'withSack', 'withSideEffect', 'write',
];

const STEP_SET: ReadonlySet<string> = new Set(GREMLIN_STEPS);
const KEYWORDS: ReadonlySet<string> = new Set(['def', 'if', 'else', 'return', 'new', 'for', 'while', 'in', 'true', 'false', 'null']);
const SOURCES: ReadonlySet<string> = new Set(['g', '__', 'graph']);

interface ModeState {
  /** The quote of a string still open at the end of a line ('"""' and "'''" span lines). */
  quote: string | undefined;
  inComment: boolean;
}

function readString(stream: StringStream, state: ModeState): string {
  const quote = state.quote ?? '';
  while (!stream.eol()) {
    if (stream.match(quote)) {
      state.quote = undefined;
      return 'string';
    }
    if (stream.next() === '\\') stream.next();
  }
  if (quote.length === 1) state.quote = undefined;
  return 'string';
}

function token(stream: StringStream, state: ModeState): string | null {
  if (state.inComment) {
    state.inComment = !stream.skipTo('*/');
    if (state.inComment) stream.skipToEnd();
    else stream.match('*/');
    return 'comment';
  }
  if (state.quote !== undefined) return readString(stream, state);
  if (stream.eatSpace()) return null;
  if (stream.match('//')) {
    stream.skipToEnd();
    return 'comment';
  }
  if (stream.match('/*')) {
    state.inComment = true;
    return token(stream, state) ?? 'comment';
  }
  const quote = stream.match(/^('''|"""|'|")/) as RegExpMatchArray | null;
  if (quote !== null) {
    state.quote = quote[0];
    return readString(stream, state);
  }
  if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?[lLdDfF]?/)) return 'number';
  const word = stream.match(/^[A-Za-z_$][\w$]*/) as RegExpMatchArray | null;
  if (word !== null) {
    const text = word[0];
    if (KEYWORDS.has(text)) return 'keyword';
    if (SOURCES.has(text)) return 'source';
    if (STEP_SET.has(text) && stream.peek() === '(') return 'step';
    return 'variableName';
  }
  if (stream.match(/^[(){}[\]]/)) return 'bracket';
  stream.next();
  return 'operator';
}

/** Gremlin-Groovy for CodeMirror, by a stream tokenizer. */
export const gremlinLanguage = StreamLanguage.define<ModeState>({
  name: 'gremlin',
  startState: () => ({ quote: undefined, inComment: false }),
  copyState: (state) => ({ ...state }),
  token,
  tokenTable: { step: tags.function(tags.propertyName), source: tags.special(tags.variableName) },
  languageData: { commentTokens: { line: '//', block: { open: '/*', close: '*/' } } },
});

/**
 * Colours of Gremlin's own tokens (steps, `g`/`__`), which the default style leaves plain, over
 * CodeMirror's default style (strings, numbers, keywords, comments), which is only a fallback
 * once another style is present and so is named here too.
 */
export const gremlinHighlighting = [
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: tags.function(tags.propertyName), color: '#1d4ed8' },
      { tag: tags.special(tags.variableName), color: '#9333ea', fontWeight: '600' },
    ]),
  ),
  syntaxHighlighting(defaultHighlightStyle),
];

/** Names the completion offers inside strings: labels and property keys of the current graph. */
export interface SchemaWords {
  readonly labels: readonly string[];
  readonly propertyKeys: readonly string[];
}

const STEP_OPTIONS: readonly Completion[] = GREMLIN_STEPS.map((name) => ({ label: name, type: 'function', apply: `${name}(`, detail: 'step' }));

/**
 * Completion of step names (after a `.` or at a word), and inside a string of the labels and
 * property keys `words()` returns (read at each completion, so a graph change applies at once).
 */
export function gremlinCompletion(words: () => SchemaWords): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/[\w$]*/);
    if (word === null) return null;
    const before = context.state.sliceDoc(Math.max(0, word.from - 1), word.from);
    if (before === "'" || before === '"') {
      const { labels, propertyKeys } = words();
      const options = [
        ...labels.map((label): Completion => ({ label, type: 'type', detail: 'label' })),
        ...propertyKeys.map((key): Completion => ({ label: key, type: 'property', detail: 'property key' })),
      ];
      return { from: word.from, options, validFor: /^[\w$]*$/ };
    }
    if (word.from === word.to && !context.explicit && before !== '.') return null;
    return { from: word.from, options: STEP_OPTIONS, validFor: /^[\w$]*$/ };
  };
}
