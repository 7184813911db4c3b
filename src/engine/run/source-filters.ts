/**
 * Source-level strategies that change what the graph looks like to a traversal:
 * SubgraphStrategy (vertices, edges, vertexProperties filters, checkAdjacentVertices) and
 * PartitionStrategy (partitionKey, writePartition, readPartitions).
 * @module
 */
import { PlanError } from '../../errors.js';
import { VertexProperty } from '../elements.js';
import type { GraphSource, VertexPropertyRecord } from '../../port/index.js';
import type { SourceSettings } from '../plan/plan.js';
import { EMPTY_SETTINGS, Plan } from '../plan/plan.js';
import { isEqual } from '../semantics/index.js';
import type { PropertyValue } from '../../values/index.js';
import { Runtime } from '../runtime/runtime.js';
import { STEPS } from '../steps/step-registry.js';
import { FilteredSource } from './filtered-source.js';
import type { ViewFilters } from './filtered-source.js';
import { edgeAt, vertexAt } from '../runtime/element-at.js';
import { fresh } from '../runtime/traverser.js';

/** A filter traversal of the strategy's configuration, compiled with the plan (see compile()). */
function childPlan(name: string, key: string, v: unknown): Plan | undefined {
  if (v === undefined || v === null) return undefined;
  if (!(v instanceof Plan)) throw new PlanError('STRATEGY_CONFIG', `Invalid ${name}: '${key}' must be a traversal`);
  return v;
}

function memo(f: (slot: number) => boolean): (slot: number) => boolean {
  const seen = new Map<number, boolean>();
  return (slot) => {
    let r = seen.get(slot);
    if (r === undefined) seen.set(slot, (r = f(slot)));
    return r;
  };
}

function subgraph(base: GraphSource, config: ReadonlyMap<string, unknown>): ViewFilters {
  const rt = new Runtime({ steps: STEPS, source: base, settings: EMPTY_SETTINGS, trackPath: true });
  const vertices = childPlan('SubgraphStrategy', 'vertices', config.get('vertices'));
  const edges = childPlan('SubgraphStrategy', 'edges', config.get('edges'));
  const props = childPlan('SubgraphStrategy', 'vertexProperties', config.get('vertexProperties'));
  const check = config.get('checkAdjacentVertices') !== false;
  const vertexOk = vertices === undefined ? undefined : memo((s) => rt.produces(vertices, fresh(vertexAt(base, s), true)));
  const filters: ViewFilters = {
    vertex: vertexOk,
    checkAdjacent: check,
    edge: edges === undefined ? undefined : memo((s) => rt.produces(edges, fresh(edgeAt(base, s), true))),
    vertexProperty:
      props === undefined
        ? undefined
        : (slot: number, r: VertexPropertyRecord) => rt.produces(props, fresh(new VertexProperty(r.id, r.key, r.value, { element: vertexAt(base, slot), meta: r.meta }), true)),
  };
  return filters;
}

function partition(base: GraphSource, config: ReadonlyMap<string, unknown>): ViewFilters {
  const key = config.get('partitionKey');
  if (typeof key !== 'string') throw new PlanError('STRATEGY_CONFIG', "Invalid PartitionStrategy: 'partitionKey' must be a string");
  const write = config.get('writePartition');
  const readRaw = config.get('readPartitions');
  const read = Array.isArray(readRaw) ? (readRaw as unknown[]) : readRaw instanceof Set ? [...(readRaw as Set<unknown>)] : readRaw === undefined ? [] : [readRaw];
  const visible = (v: PropertyValue | undefined): boolean => v !== undefined && read.some((r) => isEqual(r, v));
  return {
    vertex: (s) => visible(base.vertexProperties(s, [key])[0]?.value),
    edge: (s) => visible(base.edgeProperty(s, key)),
    // An edge is read by its own partition only; its end vertices are checked when a step moves to them.
    checkAdjacent: false,
    hiddenKeys: new Set([key]),
    stamp: write === undefined ? [] : [[key, write as PropertyValue]],
  };
}

/**
 * The source as the traversal's strategies let it see the graph.
 */
export function wrapSource(source: GraphSource, settings: SourceSettings): GraphSource {
  let out = source;
  for (const s of settings.strategies) {
    if (s.name === 'SubgraphStrategy') out = new FilteredSource(out, subgraph(out, s.config));
    else if (s.name === 'PartitionStrategy') out = new FilteredSource(out, partition(out, s.config));
  }
  return out;
}
