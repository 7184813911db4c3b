/**
 * subgraph(key): every edge that passes is copied, with its two end vertices and their
 * properties, into an in-memory graph kept under the side-effect key (read it with cap(key)).
 * @module
 */
import { ArgumentError } from '../../../errors.js';
import { Edge, type Vertex } from '../../elements.js';
import type { PropertyValue } from '../../../values/index.js';
import { Subgraph, type SubgraphProperties as Properties } from '../../subgraph.js';
import type { Traverser } from '../../runtime/traverser.js';
import type { Runtime } from '../../runtime/runtime.js';
import type { StepDef } from '../step-def.js';
import { badArguments } from '../args.js';
import { PAUSE } from '../../runtime/pause.js';

function vertexProperties(rt: Runtime, v: Vertex): Properties {
  const out = new Map<string, PropertyValue[]>();
  for (const p of rt.source.vertexProperties(v.slot)) out.set(p.key, [...(out.get(p.key) ?? []), p.value]);
  return out;
}

function edgeProperties(rt: Runtime, e: Edge): Properties {
  const out = new Map<string, PropertyValue[]>();
  for (const key of rt.source.edgePropertyKeys(e.slot)) {
    const value = rt.source.edgeProperty(e.slot, key);
    if (value !== undefined) out.set(key, [value]);
  }
  return out;
}

function graphOf(rt: Runtime, key: string): Subgraph {
  const existing = rt.sideEffects.get(key);
  if (existing instanceof Subgraph) return existing;
  const made = new Subgraph();
  rt.sideEffects.set(key, made);
  return made;
}

/** A side-effect barrier, as TinkerPop 3.8's SubgraphStep: every edge is added before any passes. */
function* run(p: { readonly key: string }, input: Iterable<Traverser>, rt: Runtime): Iterable<Traverser> {
  const graph = graphOf(rt, p.key);
  const all: Traverser[] = [];
  for (const t of input) {
    if (t === PAUSE) {
      yield t;
      continue;
    }
    const e = t.value;
    if (!(e instanceof Edge)) throw new ArgumentError('SUBGRAPH_EDGE', `Cannot add to subgraph '${p.key}': ${String(e)} is not an edge`);
    graph.addVertex(e.outV, vertexProperties(rt, e.outV));
    graph.addVertex(e.inV, vertexProperties(rt, e.inV));
    graph.addEdge(e, edgeProperties(rt, e));
    rt.memory.hold(1);
    all.push(t);
    if (rt.tick()) yield PAUSE;
  }
  yield* all;
}

/**
 * The subgraph() step.
 */
export const subgraphStep: StepDef<'subgraph'> = {
  kind: 'subgraph',
  category: 'side-effect',
  pauses: true,
  ops: ['subgraph'],
  compile(ins) {
    const [key] = ins.args;
    if (ins.args.length !== 1 || typeof key !== 'string') throw badArguments(ins, 'expected a side-effect key');
    return { key };
  },
  run,
  describe: (p) => p.key,
};
