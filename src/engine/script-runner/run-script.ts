/**
 * runScript(script, host): executes the Groovy-subset AST statement by statement. Only
 * traversals, variables, literals, `if`/`else`, Groovy's operators over values and a fixed set
 * of methods on the graph, elements, the schema builder and plain values can run; everything
 * else fails with UnsupportedError naming the method and position.
 * @module
 */
import { PlanError } from '../../errors.js';
import { Edge, Vertex } from '../elements.js';
import type { Script, ScriptExpr, ScriptStatement, TerminalCall } from '../script.js';
import { Bytecode, Predicate } from '../bytecode.js';
import { TypedNumber } from '../../values/index.js';
import type { Argument, Instruction } from '../bytecode.js';
import { VariableRef } from '../bytecode.js';
import { PLAN_CACHE } from '../compiler/plan-cache.js';
import { explain } from '../compiler/explain.js';
import { executeAsync } from '../run/execute.js';
import { planMutates } from '../run/requirements.js';
import type { ScriptHost } from './host.js';
import { callAllowed, method, unsupportedMethod, type MethodTable, type ScriptCall } from './methods.js';
import { callSchemaMethod, SchemaChain } from './schema-methods.js';
import { addVertex, callElementMethod } from './element-methods.js';
import { groovyText, truth } from './groovy-values.js';
import { binaryOperator, indexValue, propertyValue, unaryOperator } from './groovy-operators.js';
import { callValueMethod } from './value-methods.js';

/** The `graph` variable. */
class GraphRef {}
/** A traversal source (`g`, or `graph.traversal()`). */
class SourceRef {}
/** The request's transaction, as `g.tx()` and `graph.tx()` return it. */
class TxRef {}

/**
 * The value of an un-terminated traversal assigned to a variable (`def v = g.V(1)`): its
 * results. As an argument a one-result traversal stands for its result, as a Groovy traversal
 * does where TinkerPop iterates it; a list (`def a = [1]`) always stays a list.
 */
class TraversalValue {
  constructor(readonly results: readonly unknown[]) {}
}

const TX_METHODS: MethodTable<ScriptHost> = {
  commit: method([], (host: ScriptHost) => host.transaction?.commit()),
  rollback: method([], (host: ScriptHost) => host.transaction?.rollback()),
};

const GRAPH_METHODS: MethodTable<ScriptHost> = {
  addVertex: method([], (host: ScriptHost, args) => addVertex(host.context(), args), { rest: 'value' }),
  traversal: method([], () => new SourceRef()),
  schema: method([], (host: ScriptHost) => new SchemaChain({ kind: 'schema', target: host.schema() })),
  tx: method([], () => new TxRef()),
};

/** What a traversal source answers to outside a traversal: its transaction. */
const SOURCE_METHODS: MethodTable<SourceRef> = {
  tx: method([], () => new TxRef()),
};

function bind(a: Argument, vars: ReadonlyMap<string, unknown>): Argument {
  if (a instanceof VariableRef) {
    if (!vars.has(a.name)) throw new PlanError('UNKNOWN_VARIABLE', `Unknown variable '${a.name}'`, { details: { name: a.name } });
    const v = vars.get(a.name);
    if (v instanceof TraversalValue) return (v.results.length === 1 ? v.results[0] : v.results) as Argument;
    return v as Argument;
  }
  if (a instanceof Bytecode) return bindBytecode(a, vars);
  if (a instanceof Predicate) return new Predicate(a.family, a.op, a.args.map((x) => bind(x, vars)));
  if (Array.isArray(a)) return (a as readonly Argument[]).map((x) => bind(x, vars));
  if (a instanceof Map) return new Map([...(a as Map<Argument, Argument>)].map(([k, v]) => [bind(k, vars), bind(v, vars)]));
  return a;
}

function bindBytecode(b: Bytecode, vars: ReadonlyMap<string, unknown>): Bytecode {
  const each = (list: readonly Instruction[]): Instruction[] => list.map((i) => ({ op: i.op, args: i.args.map((a) => bind(a, vars)) }));
  return new Bytecode(each(b.source), each(b.steps));
}

async function runTraversal(host: ScriptHost, bytecode: Bytecode, terminal: TerminalCall | undefined, vars: ReadonlyMap<string, unknown>): Promise<unknown> {
  const plan = PLAN_CACHE.compile(bindBytecode(bytecode, vars), { strategies: host.optimise !== false });
  if (terminal?.op === 'explain') return explain(plan);
  if (planMutates(plan)) await host.transaction?.prepareWrite();
  const cursor = executeAsync(plan, host.context());
  try {
    switch (terminal?.op) {
      case 'next': {
        const r = await cursor.next();
        if (r.done === true) throw new PlanError('NO_SUCH_ELEMENT', 'The traversal has no result for next()');
        return r.value;
      }
      case 'tryNext': {
        const r = await cursor.next();
        return r.done === true ? null : r.value;
      }
      case 'hasNext':
        return (await cursor.next()).done !== true;
      case 'iterate':
        while ((await cursor.next()).done !== true);
        return undefined;
      case 'toSet':
        return new Set(await cursor.toArray());
      default:
        return await cursor.toArray();
    }
  } finally {
    await cursor.return();
  }
}

async function callMethod(host: ScriptHost, target: unknown, call: ScriptCall & { readonly safe?: boolean }): Promise<unknown> {
  if (target instanceof GraphRef) {
    if (call.method === 'addVertex') await host.transaction?.prepareWrite();
    return callAllowed(GRAPH_METHODS, host, { call, on: 'graph' });
  }
  if (target instanceof SourceRef) return callAllowed(SOURCE_METHODS, target, { call, on: 'traversal source' });
  if (target instanceof TxRef) return callAllowed(TX_METHODS, host, { call, on: 'transaction' });
  if (target instanceof SchemaChain) return callSchemaMethod(target, call);
  if (target instanceof Vertex || target instanceof Edge) {
    await host.transaction?.prepareWrite();
    return callElementMethod(host.context(), target, call);
  }
  if (typeof target === 'object' && target !== null && !Array.isArray(target) && !(target instanceof Map) && !(target instanceof Set) && !(target instanceof TypedNumber)) {
    throw unsupportedMethod(call, 'a value');
  }
  return callValueMethod(target, call);
}

/** What a script runs with: its host and its variables. */
interface Run {
  readonly host: ScriptHost;
  readonly vars: Map<string, unknown>;
}

async function evaluate(run: Run, expr: ScriptExpr): Promise<unknown> {
  const { host, vars } = run;
  switch (expr.kind) {
    case 'literal':
      return bind(expr.value, vars);
    case 'variable':
      if (!vars.has(expr.name)) {
        throw new PlanError('UNKNOWN_VARIABLE', `Unknown variable '${expr.name}' at line ${expr.position.line}, column ${expr.position.column}`, { details: { name: expr.name } });
      }
      return plainValue(vars.get(expr.name));
    case 'list': {
      const items: unknown[] = [];
      for (const item of expr.items) items.push(await evaluate(run, item));
      return items;
    }
    case 'map': {
      const m = new Map<unknown, unknown>();
      for (const [k, v] of expr.entries) m.set(await evaluate(run, k), await evaluate(run, v));
      return m;
    }
    case 'traversal': {
      const source = vars.get(expr.source);
      if (!(source instanceof SourceRef || source instanceof GraphRef)) {
        throw new PlanError('UNKNOWN_VARIABLE', `Unknown traversal source '${expr.source}' at line ${expr.position.line}, column ${expr.position.column}`, { details: { name: expr.source } });
      }
      return runTraversal(host, expr.bytecode, expr.terminal, vars);
    }
    case 'call': {
      const target = await evaluate(run, expr.target);
      if (expr.safe === true && (target === null || target === undefined)) return null;
      const args: unknown[] = [];
      for (const a of expr.args) args.push(await evaluate(run, a));
      const call = { method: expr.method, args, position: expr.position };
      const receiver = target instanceof SchemaChain || target instanceof GraphRef || !holdsTraversal(expr.target, vars) ? target : unwrapSingle(target);
      return callMethod(host, receiver, call);
    }
    case 'operands':
      for (const [name, operand] of expr.operands) vars.set(name, await evaluate(run, operand));
      return evaluate(run, expr.body);
    default:
      return evaluateOperator(run, expr);
  }
}

/** The expressions of Groovy's operators, accesses and GStrings. */
async function evaluateOperator(run: Run, expr: ScriptExpr): Promise<unknown> {
  switch (expr.kind) {
    case 'binary': {
      const left = await evaluate(run, expr.left);
      if (expr.op === '&&') return truth(left) && truth(await evaluate(run, expr.right));
      if (expr.op === '||') return truth(left) || truth(await evaluate(run, expr.right));
      return binaryOperator(expr.op, { left, right: await evaluate(run, expr.right), position: expr.position });
    }
    case 'unary':
      return unaryOperator(expr.op, await evaluate(run, expr.operand), expr.position);
    case 'conditional': {
      if (expr.test !== undefined) return truth(await evaluate(run, expr.test)) ? evaluate(run, expr.then) : evaluate(run, expr.otherwise);
      const value = await evaluate(run, expr.then);
      return truth(value) ? value : evaluate(run, expr.otherwise);
    }
    case 'index':
      return indexValue(await evaluate(run, expr.target), await evaluate(run, expr.index), expr.position);
    case 'property':
      return propertyValue(await evaluate(run, expr.target), { name: expr.name, safe: expr.safe, position: expr.position });
    case 'gstring': {
      let text = '';
      for (const part of expr.parts) text += typeof part === 'string' ? part : groovyText(await evaluate(run, part));
      return text;
    }
    default:
      throw new PlanError('UNKNOWN_STEP', `Cannot evaluate a script expression of kind '${expr.kind}'`);
  }
}

/** Whether an expression's value is the results of an un-terminated traversal, which a method call takes one by one. */
function holdsTraversal(expr: ScriptExpr, vars: ReadonlyMap<string, unknown>): boolean {
  if (expr.kind === 'traversal') return expr.terminal === undefined;
  if (expr.kind === 'operands') return holdsTraversal(expr.body, vars);
  return expr.kind === 'variable' && vars.get(expr.name) instanceof TraversalValue;
}

function unwrapSingle(v: unknown): unknown {
  return Array.isArray(v) && v.length === 1 ? (v as unknown[])[0] : v;
}

function plainValue(v: unknown): unknown {
  return v instanceof TraversalValue ? v.results : v;
}

function finish(v: unknown): unknown[] {
  const value = v instanceof SchemaChain ? v.link.target : v;
  if (value === undefined) return [];
  if (value instanceof GraphRef || value instanceof SourceRef || value instanceof TxRef) return [];
  if (Array.isArray(value)) return value as unknown[];
  return [value];
}

/** Runs statements in order: the value of the last one, or null when there is none. */
async function runStatements(run: Run, statements: readonly ScriptStatement[], scope: Scope): Promise<unknown> {
  let last: unknown = null;
  for (const statement of statements) last = await runStatement(run, statement, scope);
  return last;
}

/**
 * The names a block declared with `def` (with what they shadowed, restored when it ends), and
 * the names assigned outside any block, which a session keeps.
 */
interface Scope {
  readonly shadowed: Map<string, { readonly value: unknown } | undefined> | undefined;
  readonly locals: ReadonlySet<string>;
  readonly assigned: Map<string, unknown>;
}

async function runStatement(run: Run, statement: ScriptStatement, scope: Scope): Promise<unknown> {
  if (statement.kind === 'if') {
    const branch = truth(await evaluate(run, statement.test)) ? statement.then : statement.otherwise;
    return runBlock(run, branch, scope);
  }
  const value = await evaluate(run, statement.expr);
  if (statement.kind === 'assign') {
    const stored = statement.expr.kind === 'traversal' && statement.expr.terminal === undefined ? new TraversalValue(value as unknown[]) : value;
    if (statement.declare && scope.shadowed !== undefined && !scope.shadowed.has(statement.name)) {
      scope.shadowed.set(statement.name, run.vars.has(statement.name) ? { value: run.vars.get(statement.name) } : undefined);
    }
    run.vars.set(statement.name, stored);
    if (scope.shadowed === undefined || (!statement.declare && !scope.locals.has(statement.name))) scope.assigned.set(statement.name, stored);
  }
  return value;
}

/** A branch of an `if`: its `def`s are local to it, as Groovy's block scope makes them. */
async function runBlock(run: Run, statements: readonly ScriptStatement[], outer: Scope): Promise<unknown> {
  const shadowed = new Map<string, { readonly value: unknown } | undefined>();
  const locals = new Set([...outer.locals, ...statements.flatMap((s) => (s.kind === 'assign' && s.declare ? [s.name] : []))]);
  try {
    return await runStatements(run, statements, { shadowed, locals, assigned: outer.assigned });
  } finally {
    for (const [name, previous] of shadowed) {
      if (previous === undefined) run.vars.delete(name);
      else run.vars.set(name, previous.value);
    }
  }
}

/**
 * Runs a script and resolves with the value of its last statement as a list (a traversal's
 * results, or the single value of any other expression). `graph` and `g`, and the names the
 * script lists in `graphNames`, are bound to the host's graph and its traversal source.
 */
export async function runScript(script: Script, host: ScriptHost): Promise<unknown[]> {
  const vars = new Map<string, unknown>([
    ['graph', new GraphRef()],
    ['g', new SourceRef()],
  ]);
  for (const [name, kind] of script.graphNames ?? []) vars.set(name, kind === 'graph' ? new GraphRef() : new SourceRef());
  for (const [k, v] of host.scope ?? []) vars.set(k, v);
  for (const [k, v] of host.bindings ?? []) vars.set(k, v);
  const assigned = new Map<string, unknown>();
  let last: unknown;
  for (const statement of script.statements) last = await runStatement({ host, vars }, statement, { shadowed: undefined, locals: new Set(), assigned });
  for (const [k, v] of assigned) host.scope?.set(k, v);
  return finish(last);
}
