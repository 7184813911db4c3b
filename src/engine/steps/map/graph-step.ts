/**
 * V() and E(): start (or continue) from vertices or edges, all of them or by id, optionally
 * narrowed by the index lookup or per-label scan that strategies push into it.
 * @module
 */
import { PlanError } from '../../../errors.js';
import { Edge, Vertex } from '../../elements.js';
import type { ElementId } from '../../../values/index.js';
import { moveTo } from '../../runtime/traverser.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { flattenArgs } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';
import type { GraphParams } from '../../plan/params/map.js';

function slotOf(rt: Runtime, element: 'vertex' | 'edge', id: unknown): number {
  if (id instanceof Vertex || id instanceof Edge) return slotOf(rt, element, id.id);
  if (id === null || id === undefined) return -1;
  const key = id as ElementId;
  const slot = element === 'vertex' ? rt.source.vertexSlot(key) : rt.source.edgeSlot(key);
  // A numeric id may be given as its text, as TinkerGraph's LONG id manager accepts.
  if (slot < 0 && typeof key === 'string' && /^-?\d{1,15}$/.test(key)) return slotOf(rt, element, Number(key));
  return slot;
}

function* slots(p: GraphParams, rt: Runtime): Iterable<number> {
  const s = rt.source;
  if (p.ids !== undefined) {
    for (const id of p.ids) {
      const slot = slotOf(rt, p.element, id);
      if (slot >= 0) yield slot;
    }
    return;
  }
  if (p.lookup !== undefined) {
    const found = s.lookup(p.element, p.lookup);
    if (found !== undefined) {
      yield* found;
      return;
    }
  }
  if (p.scanLabels !== undefined) {
    for (const label of p.scanLabels) yield* p.element === 'vertex' ? s.vertexSlots(label) : s.edgeSlots(label);
    return;
  }
  yield* p.element === 'vertex' ? s.vertexSlots() : s.edgeSlots();
}

/** Slots in a growing Int32Array: four bytes an element, for a scan taken before it runs. */
class SlotList {
  #items = new Int32Array(64);
  #length = 0;

  push(slot: number): void {
    if (this.#length === this.#items.length) {
      const grown = new Int32Array(this.#items.length * 2);
      grown.set(this.#items);
      this.#items = grown;
    }
    this.#items[this.#length++] = slot;
  }

  slots(): Int32Array {
    return this.#items.subarray(0, this.#length);
  }
}

function* run(p: GraphParams, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    let found: Iterable<number> = slots(p, rt);
    if (rt.writer !== undefined && p.ids === undefined) {
      // A traversal that writes reads the live graph: its scan covers the elements there when
      // the scan starts, so that g.V().addV() adds one vertex per vertex instead of chasing its own.
      const taken = new SlotList();
      for (const slot of found) {
        taken.push(slot);
        if (rt.tick()) yield PAUSE;
      }
      found = taken.slots();
    }
    for (const slot of found) {
      if (rt.tick()) yield PAUSE;
      yield moveTo(t, p.element === 'vertex' ? rt.vertex(slot) : rt.edge(slot), rt.trackPath);
    }
  }
}

/**
 * The V()/E() step.
 */
export const graphStep: StepDef<'graph'> = {
  kind: 'graph',
  category: 'spawn',
  pauses: true,
  ops: ['V', 'E'],
  compile(ins, cc) {
    const ids = flattenArgs(ins.args);
    for (const id of ids) {
      if (typeof id === 'object' && id !== null && !(id instanceof Vertex) && !(id instanceof Edge) && !('type' in id) && !('text' in id)) {
        throw new PlanError('STEP_ARGUMENTS', `Invalid arguments for ${ins.op}(): ids must be values or elements`);
      }
    }
    return { element: ins.op === 'V' ? 'vertex' : 'edge', ids: ids.length > 0 ? ids : undefined, start: cc.atStart };
  },
  run,
  describe: (p) =>
    `${p.element === 'vertex' ? 'V' : 'E'}(${(p.ids ?? []).map(String).join(', ')})` +
    (p.lookup !== undefined ? ` index ${p.lookup.label ?? '*'}.${p.lookup.key} ${p.lookup.predicate.op}` : '') +
    (p.scanLabels !== undefined ? ` labels ${p.scanLabels.join('|')}` : ''),
};
