/**
 * Plain ids of vertex slots, for results that list many ids (traverser answers): one call of the
 * port's optional `plainVertexIds` fills the list from the store's id column, with no
 * TypedNumber, BigInt or Uuid made per id; a source without it is read id by id.
 * @module
 */
import type { GraphSource } from '../port/index.js';
import { plainId, type PlainId } from '../values/index.js';

/**
 * The plain ids of `slots` (see the values module's `plainId`), in a new array or in
 * `options.into` (which grows as needed).
 */
export function plainVertexIds(source: GraphSource, slots: ArrayLike<number>, options: { readonly into?: PlainId[] } = {}): PlainId[] {
  // Sized and filled up front: a kout answer may list a million ids, growing by push copies them
  // over and over, and a large array left holey is slower to write.
  const into = options.into ?? new Array<PlainId>(slots.length).fill(0);
  if (source.plainVertexIds !== undefined) source.plainVertexIds(slots, into);
  else for (let i = 0; i < slots.length; i++) into[i] = plainId(source.vertexId(slots[i]!));
  return into;
}

/**
 * The plain id of one vertex slot.
 */
export function plainVertexId(source: GraphSource, slot: number): PlainId {
  return plainId(source.vertexId(slot));
}
