/**
 * What a policy lets a handle see and change of the schema. A schema element is visible when
 * READ covers its type and name (an index label also needs its base label visible, so that a
 * filtered schema is still a whole one); a hidden element reads as missing everywhere: lookups,
 * lists, `indexLabelsOf`, `toJSON`. Records of visible elements are shown as they are, even when
 * they name a hidden property key: the policy filters schema elements, not their fields. A
 * change needs WRITE (create, update) or DELETE (remove) on the element's type and name.
 * @module
 */
import { NotFoundError } from '../../../errors.js';
import { notFoundError } from '../../../storage/index.js';
import type { IndexLabelRecord, SchemaChange, SchemaKind } from '../../../storage/index.js';
import type { Permission } from '../access-policy.js';
import type { SchemaView } from '../schema-view.js';
import type { SchemaCall } from '../schema/index.js';
import { permissionDenied } from './compiled-policy.js';
import type { CompiledPolicy } from './compiled-policy.js';

/** The resource types of schema elements. */
type SchemaType = 'PROPERTY_KEY' | 'VERTEX_LABEL' | 'EDGE_LABEL' | 'INDEX_LABEL';

const SCHEMA_TYPES: readonly SchemaType[] = ['PROPERTY_KEY', 'VERTEX_LABEL', 'EDGE_LABEL', 'INDEX_LABEL'];

const KIND_OF: Readonly<Record<SchemaType, SchemaKind>> = {
  PROPERTY_KEY: 'property key',
  VERTEX_LABEL: 'vertex label',
  EDGE_LABEL: 'edge label',
  INDEX_LABEL: 'index label',
};

/** A policy's READ on schema elements, as a test of type and name. */
type Sees = (type: SchemaType, name: string) => boolean;

function keep<R>(record: R | undefined, visible: (r: R) => boolean): R | undefined {
  return record !== undefined && visible(record) ? record : undefined;
}

function filtered<R>(records: readonly R[], visible: (r: R) => boolean): readonly R[] {
  return Object.freeze(records.filter(visible));
}

/** `view` with the elements `sees` refuses left out. */
function viewThrough(view: SchemaView, sees: Sees): SchemaView {
  const key = (r: { readonly name: string }): boolean => sees('PROPERTY_KEY', r.name);
  const vertex = (r: { readonly name: string }): boolean => sees('VERTEX_LABEL', r.name);
  const edge = (r: { readonly name: string }): boolean => sees('EDGE_LABEL', r.name);
  const index = (r: IndexLabelRecord): boolean => sees('INDEX_LABEL', r.name) && sees(r.baseType, r.baseValue);
  return Object.freeze({
    propertyKey: (name: string) => keep(view.propertyKey(name), key),
    vertexLabel: (name: string) => keep(view.vertexLabel(name), vertex),
    edgeLabel: (name: string) => keep(view.edgeLabel(name), edge),
    indexLabel: (name: string) => keep(view.indexLabel(name), index),
    propertyKeyById: (id: number) => keep(view.propertyKeyById(id), key),
    vertexLabelById: (id: number) => keep(view.vertexLabelById(id), vertex),
    edgeLabelById: (id: number) => keep(view.edgeLabelById(id), edge),
    indexLabelById: (id: number) => keep(view.indexLabelById(id), index),
    propertyKeys: () => filtered(view.propertyKeys(), key),
    vertexLabels: () => filtered(view.vertexLabels(), vertex),
    edgeLabels: () => filtered(view.edgeLabels(), edge),
    indexLabels: () => filtered(view.indexLabels(), index),
    indexLabelsOf: (baseType: 'VERTEX_LABEL' | 'EDGE_LABEL', labelName: string) => (sees(baseType, labelName) ? filtered(view.indexLabelsOf(baseType, labelName), index) : []),
    toJSON: () => {
      const all = view.toJSON();
      return {
        propertyKeys: filtered(all.propertyKeys, key),
        vertexLabels: filtered(all.vertexLabels, vertex),
        edgeLabels: filtered(all.edgeLabels, edge),
        indexLabels: filtered(all.indexLabels, index),
        nextIds: all.nextIds,
      };
    },
    counters: () => view.counters(),
  });
}

/** What one schema change asks for: a permission on a typed, named element, and whether that element exists already. */
interface SchemaNeed {
  readonly permission: Permission;
  readonly type: SchemaType;
  readonly name: string;
  readonly existing: boolean;
}

const TYPE_OF: Readonly<Record<SchemaChange['op'], SchemaType>> = {
  createPropertyKey: 'PROPERTY_KEY',
  updatePropertyKey: 'PROPERTY_KEY',
  removePropertyKey: 'PROPERTY_KEY',
  createVertexLabel: 'VERTEX_LABEL',
  updateVertexLabel: 'VERTEX_LABEL',
  removeVertexLabel: 'VERTEX_LABEL',
  createEdgeLabel: 'EDGE_LABEL',
  updateEdgeLabel: 'EDGE_LABEL',
  removeEdgeLabel: 'EDGE_LABEL',
  createIndexLabel: 'INDEX_LABEL',
  updateIndexLabel: 'INDEX_LABEL',
  removeIndexLabel: 'INDEX_LABEL',
};

/**
 * The permissions a change needs: a create WRITE on the new name (an index label that replaces
 * others also DELETE on them), an update WRITE on the element (a rename also on the new name),
 * a removal DELETE.
 */
function needsOf(change: SchemaChange): SchemaNeed[] {
  const type = TYPE_OF[change.op];
  if (!('name' in change)) {
    const replaced = 'replaced' in change ? change.replaced : [];
    return [{ permission: 'WRITE', type, name: change.record.name, existing: false }, ...replaced.map((name) => ({ permission: 'DELETE' as const, type, name, existing: true }))];
  }
  if (!('record' in change)) return [{ permission: 'DELETE', type, name: change.name, existing: true }];
  const needs: SchemaNeed[] = [{ permission: 'WRITE', type, name: change.name, existing: true }];
  if (change.record.name !== change.name) needs.push({ permission: 'WRITE', type, name: change.record.name, existing: false });
  return needs;
}

/** The error of a change to an absent element, which a hidden one gets too: the catalog's own for an update or a removal. */
function missing(need: SchemaNeed): NotFoundError {
  const kind = KIND_OF[need.type];
  if (need.permission === 'DELETE') return notFoundError(kind, need.name);
  const code = `${kind.toUpperCase().replace(' ', '_')}_NOT_FOUND`;
  return new NotFoundError(code, `Can't update ${kind} '${need.name}' since it doesn't exist`, { details: { kind, name: need.name } });
}

/** The schema type each mutator changes, by the noun of its name. */
const NOUNS: ReadonlyArray<readonly [string, SchemaType]> = [['PropertyKey', 'PROPERTY_KEY'], ['VertexLabel', 'VERTEX_LABEL'], ['EdgeLabel', 'EDGE_LABEL'], ['IndexLabel', 'INDEX_LABEL']];

/**
 * What a schema operation asks for, read from its name and arguments before it runs: `create*`
 * WRITE on the new name, `append*`, `eliminate*` and `rename*` WRITE on the element (a rename
 * also on the new name), `remove*` DELETE. Arguments that name nothing are left to the
 * catalog's own checks.
 */
function callNeeds(call: SchemaCall): SchemaNeed[] {
  const type = NOUNS.find(([noun]) => call.mutator.endsWith(noun))?.[1];
  const [first, second] = call.args;
  const name = typeof first === 'string' ? first : typeof first === 'object' && first !== null ? (first as { readonly name?: unknown }).name : undefined;
  if (type === undefined || typeof name !== 'string') return [];
  const creates = call.mutator.startsWith('create');
  const needs: SchemaNeed[] = [{ permission: call.mutator.startsWith('remove') ? 'DELETE' : 'WRITE', type, name, existing: !creates }];
  if (call.mutator.startsWith('rename') && typeof second === 'string') needs.push({ permission: 'WRITE', type, name: second, existing: false });
  return needs;
}

/**
 * The schema side of one policy: the filtered views it hands out (one per underlying view, so
 * that `catalog()` keeps returning the same snapshot until the schema changes) and the check of
 * schema changes and index builds.
 */
export class SchemaAccess {
  readonly #policy: CompiledPolicy;
  readonly #views = new WeakMap<SchemaView, SchemaView>();
  readonly #sees: Sees;
  readonly #seesAll: boolean;

  constructor(policy: CompiledPolicy) {
    this.#policy = policy;
    this.#sees = (type, name) => policy.covers('READ', { type, name });
    this.#seesAll = SCHEMA_TYPES.every((type) => policy.coversEvery('READ', type));
  }

  /** `view` as the policy shows it: itself when READ covers every schema element. */
  view(view: SchemaView): SchemaView {
    if (this.#seesAll) return view;
    let seen = this.#views.get(view);
    if (seen === undefined) this.#views.set(view, (seen = viewThrough(view, this.#sees)));
    return seen;
  }

  /** Refuses a schema operation the policy does not cover, before the catalog validates it (see {@link SchemaAccess.check}). */
  checkCall(call: SchemaCall): void {
    for (const need of callNeeds(call)) this.#require(need);
  }

  /**
   * Refuses a change the policy does not cover: NotFoundError `<KIND>_NOT_FOUND` (as for an
   * absent element) when it changes an element the policy hides, PermissionError
   * `PERMISSION_DENIED` when it lacks WRITE or DELETE on it.
   */
  check(change: SchemaChange): void {
    for (const need of needsOf(change)) this.#require(need);
  }

  /** Refuses building or rebuilding an index label's index without WRITE on it (the caller treats a hidden one as missing). */
  checkIndexBuild(name: string): void {
    this.#require({ permission: 'WRITE', type: 'INDEX_LABEL', name, existing: false });
  }

  #require(need: SchemaNeed): void {
    if (need.existing && !this.#sees(need.type, need.name)) throw missing(need);
    if (!this.#policy.covers(need.permission, { type: need.type, name: need.name })) throw permissionDenied(need.permission, { type: need.type, label: need.name });
  }
}
