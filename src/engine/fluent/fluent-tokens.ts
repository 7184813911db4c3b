/**
 * The Gremlin enums and helper tokens under gremlin-javascript's names and shapes: `t.id`,
 * `order.desc`, `scope.local`, `column.keys`, `direction.out`, `cardinality.list`, `pop.last`,
 * `operator.sum`, `barrier.normSack`, `merge.onCreate`, `pick.any`, `dt.day`, `GType.string`,
 * and the `withOptions` constants. Upper-case Java names are lower-cased as gremlin-javascript
 * does (`Direction.OUT` is `direction.out`, `GType.STRING` is `GType.string`).
 *
 * Each constant is one shared {@link EnumValue}; result conversion maps every enum value a
 * traversal returns (the `T.id` and `T.label` keys of `valueMap(true)` and `elementMap()`) to
 * these objects, so `map.get(t.id)` works.
 * @module
 */
import { EnumValue } from '../bytecode.js';

type JsName<K extends string> = K extends Uppercase<K> ? Lowercase<K> : K;

/**
 * One enum as gremlin-javascript exposes it: JS name -> constant.
 *
 * @example
 * ```ts
 * const o: EnumOf<'asc' | 'desc'> = order;
 * ```
 */
export type EnumOf<K extends string> = { readonly [P in K as JsName<P>]: EnumValue };

const CANONICAL = new Map<string, EnumValue>();

function toEnum<K extends string>(type: string, names: readonly K[]): EnumOf<K> {
  const out: Record<string, EnumValue> = {};
  for (const name of names) {
    const value = new EnumValue(type, name);
    CANONICAL.set(`${type}.${name}`, value);
    out[name === name.toUpperCase() ? name.toLowerCase() : name] = value;
  }
  return Object.freeze(out) as EnumOf<K>;
}

/**
 * The exported constant equal to an enum value (same type and name), or the value itself when
 * no constant is exported for it.
 */
export function canonicalEnum(value: EnumValue): EnumValue {
  return CANONICAL.get(`${value.type}.${value.name}`) ?? value;
}

/**
 * `T`: `t.id`, `t.label`, `t.key`, `t.value`.
 *
 * @example
 * ```ts
 * g.V().valueMap().with_(withOptions.tokens).toList();   // maps keyed by t.id and t.label too
 * ```
 */
export const t = toEnum('T', ['id', 'key', 'label', 'value']);
/**
 * `Order`: `order.asc`, `order.desc`, `order.shuffle`.
 *
 * @example
 * ```ts
 * g.V().order().by('age', order.desc);
 * ```
 */
export const order = toEnum('Order', ['asc', 'desc', 'shuffle']);
/**
 * `Scope`: `scope.local`, `scope.global`.
 *
 * @example
 * ```ts
 * g.V().values('age').fold().count(scope.local);
 * ```
 */
export const scope = toEnum('Scope', ['global', 'local']);
/**
 * `Column`: `column.keys`, `column.values`.
 *
 * @example
 * ```ts
 * g.V().groupCount().by(t.label).select(column.keys);
 * ```
 */
export const column = toEnum('Column', ['keys', 'values']);
const directions = toEnum('Direction', ['BOTH', 'IN', 'OUT']);
/**
 * `Direction`: `direction.out`, `direction.in`, `direction.both`, and the aliases
 * `direction.from_` (= out) and `direction.to` (= in).
 *
 * @example
 * ```ts
 * g.V().to(direction.out, 'knows');
 * ```
 */
export const direction: EnumOf<'BOTH' | 'IN' | 'OUT'> & { readonly from_: EnumValue; readonly to: EnumValue } = Object.freeze({
  ...directions,
  from_: directions.out,
  to: directions.in,
});
/**
 * `Cardinality`: `cardinality.single`, `cardinality.list`, `cardinality.set`.
 *
 * @example
 * ```ts
 * g.V(1).property(cardinality.list, 'nick', 'mk');
 * ```
 */
export const cardinality = toEnum('Cardinality', ['list', 'set', 'single']);
/**
 * `Pop`: `pop.first`, `pop.last`, `pop.all`, `pop.mixed`.
 *
 * @example
 * ```ts
 * g.V().as('a').out().as('a').select(pop.all, 'a');
 * ```
 */
export const pop = toEnum('Pop', ['all', 'first', 'last', 'mixed']);
/**
 * `Operator` (sack and side-effect reducers): `operator.sum`, `operator.mult`...
 *
 * @example
 * ```ts
 * g.withSack(1).V().sack(operator.mult).by('age');
 * ```
 */
export const operator = toEnum('Operator', ['addAll', 'and', 'assign', 'div', 'max', 'min', 'minus', 'mult', 'or', 'sum', 'sumLong']);
/**
 * `Barrier`: `barrier.normSack`.
 *
 * @example
 * ```ts
 * g.withSack(1.0).V().barrier(barrier.normSack);
 * ```
 */
export const barrier = toEnum('Barrier', ['normSack']);
/**
 * `Merge` (mergeV/mergeE options): `merge.onCreate`, `merge.onMatch`, `merge.outV`, `merge.inV`.
 *
 * @example
 * ```ts
 * g.mergeV(new Map([['name', 'x']])).option(merge.onCreate, new Map([['age', 1]]));
 * ```
 */
export const merge = toEnum('Merge', ['onCreate', 'onMatch', 'outV', 'inV']);
/**
 * `Pick` (choose options): `pick.any`, `pick.none`, `pick.unproductive`.
 *
 * @example
 * ```ts
 * g.V().choose(__.values('age')).option(pick.none, __.constant('?'));
 * ```
 */
export const pick = toEnum('Pick', ['any', 'none', 'unproductive']);
/**
 * `DT` (dateAdd/dateDiff units): `dt.second`, `dt.minute`, `dt.hour`, `dt.day`.
 *
 * @example
 * ```ts
 * g.inject(new Date(0)).dateAdd(dt.day, 1);
 * ```
 */
export const dt = toEnum('DT', ['second', 'minute', 'hour', 'day']);
/**
 * `GType` (typeOf predicates), lower-cased as gremlin-javascript writes upper-case enums:
 * `GType.string`, `GType.int`, `GType.vertex`...
 *
 * @example
 * ```ts
 * g.V().values().is(P.typeOf(GType.string));
 * ```
 */
export const GType = toEnum('GType', [
  'BIGDECIMAL', 'BIGINT', 'BINARY', 'BOOLEAN', 'BYTE', 'CHAR', 'DATETIME', 'DOUBLE', 'DURATION', 'EDGE', 'FLOAT', 'GRAPH',
  'INT', 'LIST', 'LONG', 'MAP', 'NULL', 'NUMBER', 'PATH', 'PROPERTY', 'SET', 'SHORT', 'STRING', 'TREE', 'UUID', 'VERTEX', 'VPROPERTY',
]);

/**
 * `WithOptions` as gremlin-javascript defines it: the configuration keys of `with_()` as
 * strings and the token sets as numbers.
 *
 * @example
 * ```ts
 * g.V().valueMap().with_(withOptions.tokens, withOptions.labels);
 * g.inject(['a', 'b']).index().with_(withOptions.indexer, withOptions.map);
 * ```
 */
export const withOptions = Object.freeze({
  tokens: '~tinkerpop.valueMap.tokens',
  none: 0,
  ids: 1,
  labels: 2,
  keys: 4,
  values: 8,
  all: 15,
  indexer: '~tinkerpop.index.indexer',
  list: 0,
  map: 1,
} as const);
