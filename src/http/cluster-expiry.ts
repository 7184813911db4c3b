/**
 * The TTL sweep of a cluster (docs/cluster.md): a node does not sweep expired vertices and edges
 * on its own timer, since every node must remove the same elements at the same point of the log.
 * Once a minute the node with the lowest id among the nodes up appends one sweep entry carrying
 * its clock; every node applies it by removing, from every graph, what had expired by that time.
 * Reads hide expired elements at once in any case.
 * @module
 */
import type { Identity, ServerState } from '../index.js';
import type { ClusterPort, ReplicatedRequest, ReplicatedResponse } from './cluster.js';

/** The internal URL of a sweep entry (no HTTP route: only log application reaches it). */
export const EXPIRE_URL = '/cluster/internal/expire';

/** Milliseconds between two sweeps, as a single node's default TTL sweep. */
const SWEEP_MS = 60_000;

/** Who a sweep entry comes from: the cluster itself. */
const CLUSTER_IDENTITY: Identity = { user_name: 'quiver-cluster', user_id: 'quiver-cluster', admin: true };

/**
 * Applies a sweep entry: every graph of every space removes what expired by the entry's time.
 */
export async function applyExpiry(state: ServerState, request: ReplicatedRequest): Promise<ReplicatedResponse> {
  const now = Number((JSON.parse(request.body ?? '{}') as { now?: unknown }).now);
  let removed = 0;
  if (Number.isFinite(now)) {
    for (const space of state.spaceNames()) {
      for (const name of state.graphNames(space)) removed += await state.graph(space, name).expire(now);
    }
  }
  return { status: 200, contentType: 'application/json', body: JSON.stringify({ removed }) };
}

/**
 * Starts the sweeps this node appends while it is the lowest id up; returns the function that
 * stops them. A sweep the log did not take waits for the next minute.
 */
export function startExpirySweeps(port: ClusterPort, every = SWEEP_MS): () => void {
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void (async () => {
      const { nodes } = await port.status();
      const first = nodes.filter((n) => n.state === 'up').map((n) => n.node_id).sort()[0];
      if (first === port.nodeId) await port.submit({ method: 'POST', url: EXPIRE_URL, body: JSON.stringify({ now: Date.now() }), identity: CLUSTER_IDENTITY });
    })()
      .catch(() => undefined)
      .finally(() => {
        sweeping = false;
      });
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
