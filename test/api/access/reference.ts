/**
 * A naive reference of row-level security for the property tests: small graphs of labelled
 * vertices and edges with an int key `n` and a text key `t`, random policies over them, and
 * what spec Part A §2.5 says a handle may see and do, computed element by element with plain
 * comparisons (no parser, no engine).
 * @module
 */
import fc from 'fast-check';
import { open } from '../../../src/index.js';
import type { Database, Graph, GraphPolicy, Permission, ResourceRule, ResourceType } from '../../../src/index.js';

/** A vertex of a reference graph. */
export interface RefVertex {
  readonly label: 'a' | 'b' | 'c';
  readonly n?: number;
  readonly t?: string;
}

/** An edge of a reference graph; `out` and `in` index its vertices. */
export interface RefEdge {
  readonly label: 'e' | 'f';
  readonly out: number;
  readonly in: number;
  readonly n?: number;
}

/** A reference graph. */
export interface RefGraph {
  readonly vertices: readonly RefVertex[];
  readonly edges: readonly RefEdge[];
}

/** One property condition: as written in the policy, and as a plain test. */
export interface RefCondition {
  readonly key: 'n' | 't';
  readonly written: string | number;
  readonly test: (value: number | string | undefined) => boolean;
}

/** One rule: a type, a label and conditions (null: any properties). */
export interface RefRule {
  readonly type: ResourceType;
  readonly label: string;
  readonly conditions: readonly RefCondition[] | null;
}

/** A policy with READ, WRITE and DELETE rules. */
export type RefPolicy = Readonly<Record<'READ' | 'WRITE' | 'DELETE', readonly RefRule[]>>;

const vertexArb: fc.Arbitrary<RefVertex> = fc.record(
  { label: fc.constantFrom('a' as const, 'b' as const, 'c' as const), n: fc.integer({ min: 0, max: 9 }), t: fc.constantFrom('x', 'y', 'z') },
  { requiredKeys: ['label'] },
);

/** A random reference graph: up to 10 vertices and 16 edges. */
export const graphArb: fc.Arbitrary<RefGraph> = fc.array(vertexArb, { maxLength: 10 }).chain((vertices) =>
  fc
    .array(
      fc.record(
        { label: fc.constantFrom('e' as const, 'f' as const), out: fc.nat({ max: Math.max(0, vertices.length - 1) }), in: fc.nat({ max: Math.max(0, vertices.length - 1) }), n: fc.integer({ min: 0, max: 9 }) },
        { requiredKeys: ['label', 'out', 'in'] },
      ),
      { maxLength: vertices.length === 0 ? 0 : 16 },
    )
    .map((edges) => ({ vertices, edges })),
);

const defined = <T>(f: (v: T) => boolean) => (v: unknown): boolean => v !== undefined && f(v as T);

const conditionArb: fc.Arbitrary<RefCondition> = fc.oneof(
  fc.integer({ min: 0, max: 9 }).map((k) => ({ key: 'n' as const, written: k, test: defined<number>((v) => v === k) })),
  fc.integer({ min: 0, max: 9 }).map((k) => ({ key: 'n' as const, written: `P.gte(${k})`, test: defined<number>((v) => v >= k) })),
  fc.integer({ min: 0, max: 9 }).map((k) => ({ key: 'n' as const, written: `P.lt(${k})`, test: defined<number>((v) => v < k) })),
  fc.integer({ min: 0, max: 9 }).map((k) => ({ key: 'n' as const, written: `P.neq(${k})`, test: defined<number>((v) => v !== k) })),
  fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })).map(([x, y]) => ({ key: 'n' as const, written: `P.between(${x}, ${y})`, test: defined<number>((v) => v >= x && v < y) })),
  fc.constantFrom('x', 'y', 'z').map((s) => ({ key: 't' as const, written: s, test: defined<string>((v) => v === s) })),
  fc.constantFrom('x', 'y', 'z').map((s) => ({ key: 't' as const, written: `P.within("${s}", "z")`, test: defined<string>((v) => v === s || v === 'z') })),
);

const ruleArb = (types: readonly ResourceType[]): fc.Arbitrary<RefRule> =>
  fc.record({
    type: fc.constantFrom(...types),
    label: fc.constantFrom('*', '*', 'a', 'b', 'c', 'e', 'f'),
    conditions: fc.option(fc.uniqueArray(conditionArb, { minLength: 1, maxLength: 2, selector: (c) => c.key }), { nil: null }),
  });

const ELEMENT_TYPES: readonly ResourceType[] = ['VERTEX', 'EDGE', 'ALL', 'ROOT'];

/** A WRITE or DELETE rule, broad more often than not: any label, at most one condition, on `n`. */
const grantArb: fc.Arbitrary<RefRule> = fc.record({
  type: fc.constantFrom<ResourceType>('VERTEX', 'EDGE', 'ALL', 'ALL', 'ROOT'),
  label: fc.constantFrom('*', '*', '*', 'a', 'b', 'e'),
  conditions: fc.option(conditionArb.filter((c) => c.key === 'n').map((c) => [c]), { nil: null, freq: 2 }),
});

/** A random policy: READ rules over elements and their labels' schema, WRITE and DELETE rules over elements. */
export const policyArb: fc.Arbitrary<RefPolicy> = fc.record({
  READ: fc.array(ruleArb([...ELEMENT_TYPES, 'VERTEX_LABEL', 'EDGE_LABEL', 'SCHEMA']), { maxLength: 4 }),
  WRITE: fc.array(ruleArb(ELEMENT_TYPES), { maxLength: 3 }),
  DELETE: fc.array(ruleArb(ELEMENT_TYPES), { maxLength: 3 }),
});

const READ_ALL: readonly RefRule[] = [{ type: 'ALL', label: '*', conditions: null }];

/**
 * A random policy for write checks: READ shows everything half of the time (so that most
 * writes reach their WRITE or DELETE check), and WRITE and DELETE hold one to three rules.
 */
export const writePolicyArb: fc.Arbitrary<RefPolicy> = fc.record({
  READ: fc.oneof(fc.constant(READ_ALL), fc.array(ruleArb([...ELEMENT_TYPES, 'VERTEX_LABEL', 'EDGE_LABEL', 'SCHEMA']), { maxLength: 4 })),
  WRITE: fc.array(grantArb, { minLength: 1, maxLength: 3 }),
  DELETE: fc.array(grantArb, { minLength: 1, maxLength: 3 }),
});

/** The policy as `graph.withPolicy` takes it. */
export function graphPolicy(policy: RefPolicy): GraphPolicy {
  const rule = (r: RefRule): ResourceRule => ({
    type: r.type,
    label: r.label,
    properties: r.conditions === null ? null : Object.fromEntries(r.conditions.map((c) => [c.key, c.written])),
  });
  return { grants: { READ: policy.READ.map(rule), WRITE: policy.WRITE.map(rule), DELETE: policy.DELETE.map(rule) } };
}

/** Whether a granted type covers a requested one, written out for the types the tests use. */
function covers(granted: ResourceType, requested: ResourceType): boolean {
  if (granted === requested || granted === 'ROOT') return true;
  if (granted === 'ALL') return ['VERTEX', 'EDGE', 'VERTEX_LABEL', 'EDGE_LABEL'].includes(requested);
  return granted === 'SCHEMA' && ['VERTEX_LABEL', 'EDGE_LABEL'].includes(requested);
}

function matches(rule: RefRule, type: ResourceType, element: RefVertex | RefEdge): boolean {
  if (!covers(rule.type, type) || (rule.label !== '*' && rule.label !== element.label)) return false;
  return (rule.conditions ?? []).every((c) => c.test((element as Partial<Record<'n' | 't', number | string>>)[c.key]));
}

/** What the reference policy allows on a reference graph. */
export class Reference {
  constructor(
    readonly graph: RefGraph,
    readonly policy: RefPolicy,
  ) {}

  /** Whether `permission` covers the vertex (READ also needs READ on its label). */
  vertexAllowed(permission: Permission & keyof RefPolicy, v: RefVertex): boolean {
    const rules = this.policy[permission];
    if (permission === 'READ' && !rules.some((r) => covers(r.type, 'VERTEX_LABEL') && (r.label === '*' || r.label === v.label))) return false;
    return rules.some((r) => matches(r, 'VERTEX', v));
  }

  /** Whether `permission` covers the edge itself (READ also needs READ on its label). */
  edgeAllowed(permission: Permission & keyof RefPolicy, e: RefEdge): boolean {
    const rules = this.policy[permission];
    if (permission === 'READ' && !rules.some((r) => covers(r.type, 'EDGE_LABEL') && (r.label === '*' || r.label === e.label))) return false;
    return rules.some((r) => matches(r, 'EDGE', e));
  }

  vertexVisible(i: number): boolean {
    return this.vertexAllowed('READ', this.graph.vertices[i]!);
  }

  edgeVisible(j: number): boolean {
    const e = this.graph.edges[j]!;
    return this.edgeAllowed('READ', e) && this.vertexVisible(e.out) && this.vertexVisible(e.in);
  }

  /** Indexes of the visible vertices, in order. */
  visibleVertices(): number[] {
    return this.graph.vertices.map((_, i) => i).filter((i) => this.vertexVisible(i));
  }

  /** Indexes of the visible edges, in order. */
  visibleEdges(): number[] {
    return this.graph.edges.map((_, j) => j).filter((j) => this.edgeVisible(j));
  }

  /** Shortest hop counts from `start` over the visible edges in either direction. */
  distances(start: number): Map<number, number> {
    const dist = new Map([[start, 0]]);
    let frontier = [start];
    const edges = this.visibleEdges().map((j) => this.graph.edges[j]!);
    for (let d = 1; frontier.length > 0; d++) {
      const next: number[] = [];
      for (const v of frontier) {
        for (const e of edges) {
          for (const [from, to] of [[e.out, e.in], [e.in, e.out]] as const) {
            if (from === v && !dist.has(to)) {
              dist.set(to, d);
              next.push(to);
            }
          }
        }
      }
      frontier = next;
    }
    return dist;
  }
}

/** A loaded reference graph: the graph, the ids of its vertices and edges by index, and its database. */
export interface LoadedGraph {
  readonly db: Database;
  readonly graph: Graph;
  readonly vertexIds: readonly unknown[];
  readonly edgeIds: readonly unknown[];
}

/** Loads a reference graph into a new in-memory auto-create graph with keys n (INT) and t (TEXT). */
export async function loadGraph(ref: RefGraph): Promise<LoadedGraph> {
  const db = await open({ ttlSweepMs: 0 });
  const graph = await db.createGraph('g', { 'schema.auto_create': true });
  await graph.schema().propertyKey('n').asInt().create();
  await graph.schema().propertyKey('t').asText().create();
  const vertexIds = ref.vertices.length === 0 ? [] : await graph.addVertexIds(ref.vertices.map((v) => ({ label: v.label, properties: props(v) })));
  const edgeIds = ref.edges.length === 0 ? [] : await graph.addEdgeIds(ref.edges.map((e) => ({ label: e.label, out: vertexIds[e.out]!, in: vertexIds[e.in]!, properties: props(e) })));
  return { db, graph, vertexIds, edgeIds };
}

/** The properties of a reference element as the library takes them. */
export function props(element: RefVertex | RefEdge): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  if (element.n !== undefined) out.n = element.n;
  if ('t' in element && element.t !== undefined) out.t = element.t;
  return out;
}

/**
 * The graph's whole state as the graph itself reads it (no policy): vertices as label and
 * properties in insertion order, edges with their ends as positions in that vertex list.
 */
export async function rawState(graph: Graph): Promise<{ vertices: string[]; edges: string[] }> {
  const { vertices } = await graph.vertices();
  const { edges } = await graph.edges();
  const at = new Map(vertices.map((v, i) => [String(v.id), i]));
  return {
    vertices: vertices.map((v) => `${v.label}:${String(v.properties.n)}:${String(v.properties.t)}`),
    edges: edges.map((e) => `${e.label}:${at.get(String(e.outV))}->${at.get(String(e.inV))}:${String(e.properties.n)}`),
  };
}

/** The state `rawState` reads of a reference graph. */
export function refState(ref: RefGraph): { vertices: string[]; edges: string[] } {
  return {
    vertices: ref.vertices.map((v) => `${v.label}:${String(v.n)}:${String(v.t)}`),
    edges: ref.edges.map((e) => `${e.label}:${e.out}->${e.in}:${String(e.n)}`),
  };
}
