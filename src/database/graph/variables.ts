/**
 * The variables of a graph (TinkerPop's `Graph.Variables`, HugeGraph's VariablesAPI): named
 * values kept with the graph's data, changed through its write path (applied and logged in the
 * same tick, durable in the WAL and snapshots, replayed on recovery), read and changed under the
 * handle's access control and removed with the graph's data.
 * @module
 */
import type { GraphHandle } from './graph-handle.js';
import { checkVariableKey, checkVariableValue } from './variable-values.js';
import type { VariableValue } from './variable-values.js';

/**
 * The variables of one graph handle: `graph.variables`. Reads need READ on VAR from the handle's
 * policies (see `Graph.withPolicy`), `set` needs WRITE and `remove` and `clear` DELETE, as
 * HugeGraph's VariablesProxy checks; a refused call is PermissionError `PERMISSION_DENIED`.
 * Changes resolve once they are durable; a key is a non-empty string and a value a
 * {@link VariableValue} (else ArgumentError `INVALID_VARIABLE`, or LimitError
 * `VARIABLE_TOO_LARGE` past the caps of docs/limits.md).
 *
 * @example
 * ```ts
 * await graph.variables.set('owner', 'ops');
 * await graph.variables.set('thresholds', [10, 20]);
 * const owner = await graph.variables.get('owner');   // 'ops'
 * const all = await graph.variables.asMap();          // { owner: 'ops', thresholds: [10, 20] }
 * await graph.variables.remove('owner');
 * ```
 */
export class GraphVariables {
  readonly #handle: GraphHandle;

  /**
   * Made by `graph.variables`.
   *
   * @example
   * ```ts
   * const variables: GraphVariables = graph.variables;
   * ```
   */
  constructor(handle: GraphHandle) {
    this.#handle = handle;
  }

  /**
   * The names of the variables, in the order they were first set.
   *
   * @example
   * ```ts
   * const names = await graph.variables.keys();
   * ```
   */
  async keys(): Promise<string[]> {
    return [...this.#read().keys()];
  }

  /**
   * The value of variable `key`, or undefined when it is not set.
   *
   * @example
   * ```ts
   * const owner = await graph.variables.get('owner');
   * ```
   */
  async get(key: string): Promise<VariableValue | undefined> {
    const name = checkVariableKey(key);
    return this.#read().get(name);
  }

  /**
   * Every variable as a plain object from name to value.
   *
   * @example
   * ```ts
   * const { owner } = await graph.variables.asMap();
   * ```
   */
  async asMap(): Promise<Record<string, VariableValue>> {
    return Object.fromEntries(this.#read());
  }

  /**
   * Sets variable `key` to `value` (replacing its value); resolves once durable.
   *
   * @example
   * ```ts
   * await graph.variables.set('since', 2016);
   * ```
   */
  async set(key: string, value: VariableValue): Promise<void> {
    const change = { op: 'set', key: checkVariableKey(key), value: checkVariableValue(value) } as const;
    this.#handle.state.checkOpen();
    this.#handle.requireVariables('WRITE');
    await this.#handle.state.changeVariables(change);
  }

  /**
   * Removes variable `key`; removing a variable that is not set changes nothing.
   *
   * @example
   * ```ts
   * await graph.variables.remove('since');
   * ```
   */
  async remove(key: string): Promise<void> {
    const name = checkVariableKey(key);
    this.#handle.state.checkOpen();
    this.#handle.requireVariables('DELETE');
    if (this.#handle.state.variables.has(name)) await this.#handle.state.changeVariables({ op: 'remove', key: name });
  }

  /**
   * Removes every variable (what clearing a graph's data does).
   *
   * @example
   * ```ts
   * await graph.variables.clear();
   * ```
   */
  async clear(): Promise<void> {
    this.#handle.state.checkOpen();
    this.#handle.requireVariables('DELETE');
    if (this.#handle.state.variables.size > 0) await this.#handle.state.changeVariables({ op: 'clear' });
  }

  #read(): ReadonlyMap<string, VariableValue> {
    this.#handle.state.checkOpen();
    this.#handle.requireVariables('READ');
    return this.#handle.state.variables;
  }
}
