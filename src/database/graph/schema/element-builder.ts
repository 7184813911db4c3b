/**
 * What every fluent schema builder shares: user data, `ifNotExist`, an explicit id, and the
 * HugeGraph-style guard against setting a field twice.
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import type { UserData } from '../../../storage/index.js';
import type { SchemaView } from '../schema-view.js';
import type { SchemaOperations } from './schema-operations.js';

/**
 * Base of the fluent builders of {@link SchemaBuilder}.
 */
export abstract class ElementBuilder {
  protected data: Record<string, UserData[string]> = {};
  protected checkExistFlag = true;
  protected explicitId: number | undefined;

  constructor(
    protected readonly ops: SchemaOperations,
    protected readonly reader: SchemaView,
    /** Name of the element being built. */
    readonly name: string,
  ) {
    if (typeof name !== 'string') {
      throw new ArgumentError('SCHEMA_NAME_EMPTY', "The name can't be empty");
    }
  }

  /** Adds one user data entry. */
  userdata(key: string, value: UserData[string]): this {
    this.data[key] = value;
    return this;
  }

  /** Adds several user data entries. */
  userData(entries: UserData): this {
    Object.assign(this.data, entries);
    return this;
  }

  /** `create()` returns the existing element when an equal one exists, instead of failing. */
  ifNotExist(): this {
    this.checkExistFlag = false;
    return this;
  }

  /** `checkExist(false)` is the same as `ifNotExist()`. */
  checkExist(check: boolean): this {
    this.checkExistFlag = check;
    return this;
  }

  /** Gives the element an explicit id (only allowed in RESTORING mode). */
  id(id: number): this {
    if (id === 0) throw new ArgumentError('SCHEMA_ID_INVALID', `Not allowed to assign 0 as ${this.kindName()} id`);
    this.explicitId = id;
    return this;
  }

  /** Readable kind name for errors. */
  protected abstract kindName(): string;

  /** The fields of a create spec that every kind shares. */
  protected common(): { name: string; userData: UserData; id?: number } {
    return { name: this.name, userData: { ...this.data }, ...(this.explicitId === undefined ? {} : { id: this.explicitId }) };
  }

  /** Create options from the `ifNotExist` flag. */
  protected createOptions(): { ifNotExist: boolean } {
    return { ifNotExist: !this.checkExistFlag };
  }

  /** Fails when an update carries a field that can never change. */
  protected refuse(set: boolean, field: string): void {
    if (set) {
      throw new ArgumentError('SCHEMA_FIELD_IMMUTABLE', `Not allowed to update ${field} for ${this.kindName()} '${this.name}'`);
    }
  }

  /** Fails when a field that may be assigned only once is assigned again. */
  protected once(assigned: boolean, field: string): void {
    if (assigned) {
      throw new ArgumentError('SCHEMA_FIELD_ASSIGNED', `Not allowed to assign ${field} multitimes: ${this.kindName()} '${this.name}'`);
    }
  }

  /** Fails when an update gives an explicit id. */
  protected refuseId(): void {
    this.refuse(this.explicitId !== undefined, 'id');
  }
}
