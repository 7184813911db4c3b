/**
 * The CST visitor for root traversals: `g`, source methods (`withSack`, `withStrategies`...),
 * a spawn step, further steps, and an optional terminal method.
 * @module
 */
import type { CstNode } from 'chevrotain';
import { GremlinSyntaxError } from '../errors.js';
import { Bytecode, type Argument, type Instruction, type TerminalCall } from '../engine/index.js';
import { groovyOnly, instruction, readChain, stepsOf, visitVarargs, type ArgumentContext, type MethodCall } from './arguments.js';
import { bounds, hasExpressionParts, nodes } from './cst.js';
import { quoteImage, tokenPosition } from './lexer.js';

/**
 * The traversal source methods of Gremlin.g4's traversalSourceSelfMethod.
 */
export const SOURCE_METHODS: ReadonlySet<string> = new Set([
  'with',
  'withBulk',
  'withPath',
  'withSack',
  'withSideEffect',
  'withStrategies',
  'withoutStrategies',
  'withComputer',
]);

/**
 * The terminal methods of Gremlin.g4's traversalTerminalMethod that a script may end with.
 */
const TERMINAL_METHODS: ReadonlySet<string> = new Set(['toList', 'toSet', 'next', 'tryNext', 'iterate', 'hasNext', 'explain']);

/**
 * A root traversal split into its parts.
 */
interface RootTraversal {
  readonly bytecode: Bytecode;
  /** The terminal method ending the traversal, if any. */
  readonly terminal: TerminalCall | undefined;
  /** Calls written after the terminal method, such as `.value('name')` after `next()`. */
  readonly after: readonly MethodCall[];
}

/**
 * Splits the calls that follow a traversal source into source instructions, steps, a terminal
 * method and the calls after it. With `terminal: false` a terminal method is a step name.
 *
 * @throws GremlinSyntaxError when a call lacks parentheses.
 */
export function rootTraversal(
  calls: readonly MethodCall[],
  options: { context: ArgumentContext; terminal: boolean; source?: readonly Instruction[] },
): RootTraversal {
  const { context } = options;
  const source: Instruction[] = [...(options.source ?? [])];
  let index = 0;
  while (index < calls.length && SOURCE_METHODS.has(calls[index]!.name.image)) {
    source.push(instruction(calls[index]!, context));
    index++;
  }
  let end = calls.length;
  if (options.terminal) {
    const found = calls.findIndex((call, i) => i > index && TERMINAL_METHODS.has(call.name.image) && call.args !== undefined);
    if (found >= 0) end = found;
  }
  const steps = stepsOf(calls.slice(index, end), context);
  const terminalCall = calls[end];
  const terminal: TerminalCall | undefined =
    terminalCall === undefined
      ? undefined
      : { op: terminalCall.name.image as TerminalCall['op'], args: visitVarargs(terminalCall.args, context) as Argument[] };
  return { bytecode: new Bytecode(source, steps), terminal, after: calls.slice(end + 1) };
}

/**
 * Visits a `query` node that must hold one root traversal `g....` with at least one step and
 * no terminal method.
 *
 * @throws GremlinSyntaxError when the text is not such a traversal.
 */
export function visitQuery(query: CstNode, context: ArgumentContext): Bytecode {
  const literal = nodes(query, 'genericLiteral')[0]!;
  if (hasExpressionParts(literal)) throw groovyOnly(literal);
  const chain = nodes(literal, 'chainedTraversal')[0];
  const start = chain === undefined ? undefined : readChain(chain);
  if (start === undefined || start.root.tokenType.name !== 'TraversalRoot') {
    const at = bounds(literal).first;
    throw new GremlinSyntaxError(`Unexpected ${quoteImage(at.image)}: expected a traversal starting with g`, tokenPosition(at));
  }
  const { bytecode } = rootTraversal(start.calls, { context, terminal: false });
  if (bytecode.steps.length === 0) {
    const last = start.calls[start.calls.length - 1]?.name ?? start.root;
    throw new GremlinSyntaxError(`Unexpected end of traversal after ${quoteImage(last.image)}: expected a spawn step such as V(), E(), addV() or inject()`, tokenPosition(last));
  }
  const last = bytecode.steps[bytecode.steps.length - 1]!;
  if (TERMINAL_METHODS.has(last.op)) {
    const token = start.calls[start.calls.length - 1]!.name;
    throw new GremlinSyntaxError(`Unexpected terminal method '${last.op}()': a traversal is returned unevaluated, so end it with a step`, tokenPosition(token));
  }
  return bytecode;
}
