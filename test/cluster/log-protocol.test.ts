/**
 * A simulation of the cluster's log protocol (src/cluster/etcd-log.ts and cluster-node.ts) as a
 * property test: three nodes append through a compare-and-swap on the head key, whose failed
 * comparison also returns the entry at the position aimed at; requests and replies are
 * delayed, reordered, lost and sent twice (a client retry); followers read the log in ranges;
 * nodes crash (and restart from the newest snapshot) or stop cleanly (and resume from their
 * mark when the log after it is still kept); snapshots compact the log up to what every
 * running node applied. Whatever the schedule: every acknowledged write is in the log exactly
 * once, no write is there twice, and every node applies the log exactly once, in log order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';

const NODES = 3;

interface Request {
  readonly node: number;
  readonly id: string;
  /** The head index the transaction compares against. */
  readonly expect: number;
  /** Which incarnation of the node sent it (a crash forgets every write in flight). */
  readonly life: number;
}

type Reply = { readonly request: Request } & ({ readonly kind: 'committed' } | { readonly kind: 'failed'; readonly head: number; readonly taken: string | undefined } | { readonly kind: 'error' });

interface SimNode {
  life: number;
  running: boolean;
  knownHead: number;
  applied: string[];
  /** The write this node waits for, if any. */
  pending: string | undefined;
}

type Action =
  | { readonly kind: 'write'; readonly node: number }
  | { readonly kind: 'deliver'; readonly pick: number }
  | { readonly kind: 'lose'; readonly pick: number }
  | { readonly kind: 'reply'; readonly pick: number }
  | { readonly kind: 'loseReply'; readonly pick: number }
  | { readonly kind: 'apply'; readonly node: number; readonly limit: number }
  | { readonly kind: 'crash'; readonly node: number }
  | { readonly kind: 'stop'; readonly node: number }
  | { readonly kind: 'start'; readonly node: number }
  | { readonly kind: 'snapshot'; readonly node: number };

const node = fc.integer({ min: 0, max: NODES - 1 });
const pick = fc.nat(20);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: node.map((n) => ({ kind: 'write' as const, node: n })) },
  { weight: 5, arbitrary: pick.map((p) => ({ kind: 'deliver' as const, pick: p })) },
  { weight: 1, arbitrary: pick.map((p) => ({ kind: 'lose' as const, pick: p })) },
  { weight: 5, arbitrary: pick.map((p) => ({ kind: 'reply' as const, pick: p })) },
  { weight: 1, arbitrary: pick.map((p) => ({ kind: 'loseReply' as const, pick: p })) },
  { weight: 4, arbitrary: fc.record({ node, limit: fc.integer({ min: 1, max: 4 }) }).map((r) => ({ kind: 'apply' as const, ...r })) },
  { weight: 1, arbitrary: node.map((n) => ({ kind: 'crash' as const, node: n })) },
  { weight: 1, arbitrary: node.map((n) => ({ kind: 'stop' as const, node: n })) },
  { weight: 2, arbitrary: node.map((n) => ({ kind: 'start' as const, node: n })) },
  { weight: 1, arbitrary: node.map((n) => ({ kind: 'snapshot' as const, node: n })) },
);

/** Removes and returns the element `pick` (modulo the length) of `list`, or undefined. */
function take<T>(list: T[], at: number): T | undefined {
  if (list.length === 0) return undefined;
  return list.splice(at % list.length, 1)[0];
}

class Simulation {
  /** The log in etcd: position → entry id; positions up to `compacted` are deleted. */
  readonly log = new Map<number, string>();
  head = 0;
  compacted = 0;
  snapshot = { index: 0, ids: [] as string[] };
  readonly nodes: SimNode[] = Array.from({ length: NODES }, () => ({ life: 0, running: true, knownHead: 0, applied: [], pending: undefined }));
  readonly requests: Request[] = [];
  readonly replies: Reply[] = [];
  readonly acknowledged = new Set<string>();
  #next = 0;

  run(action: Action): void {
    switch (action.kind) {
      case 'write': {
        const n = this.nodes[action.node]!;
        if (!n.running || n.pending !== undefined) return;
        n.pending = `w${this.#next++}`;
        this.requests.push({ node: action.node, id: n.pending, expect: n.knownHead, life: n.life });
        return;
      }
      case 'deliver': {
        const request = take(this.requests, action.pick);
        if (request !== undefined) this.replies.push(this.transaction(request));
        return;
      }
      case 'lose': {
        const request = take(this.requests, action.pick);
        if (request !== undefined) this.replies.push({ request, kind: 'error' });
        return;
      }
      case 'reply': {
        const reply = take(this.replies, action.pick);
        if (reply !== undefined) this.receive(reply);
        return;
      }
      case 'loseReply': {
        // the client library sends the same transaction again
        const reply = take(this.replies, action.pick);
        if (reply !== undefined) this.requests.push(reply.request);
        return;
      }
      case 'apply':
        this.apply(action.node, action.limit);
        return;
      case 'crash': {
        const n = this.nodes[action.node]!;
        n.life++;
        n.pending = undefined;
        n.running = true;
        n.applied = [...this.snapshot.ids];
        n.knownHead = this.snapshot.index;
        return;
      }
      case 'stop': {
        const n = this.nodes[action.node]!;
        if (n.pending !== undefined) return;
        n.running = false;
        return;
      }
      case 'start': {
        const n = this.nodes[action.node]!;
        if (n.running) return;
        n.running = true;
        n.life++;
        if (n.applied.length < this.snapshot.index) {
          n.applied = [...this.snapshot.ids];
          n.knownHead = this.snapshot.index;
        }
        return;
      }
      case 'snapshot': {
        const n = this.nodes[action.node]!;
        if (!n.running || n.applied.length <= this.snapshot.index) return;
        this.snapshot = { index: n.applied.length, ids: [...n.applied] };
        const upTo = Math.min(this.snapshot.index, ...this.nodes.filter((m) => m.running).map((m) => m.applied.length));
        for (let i = this.compacted + 1; i <= upTo; i++) this.log.delete(i);
        this.compacted = Math.max(this.compacted, upTo);
      }
    }
  }

  /** etcd's side: `if head == expect then put log/expect+1, head = expect+1 else get head, get log/expect+1`. */
  private transaction(request: Request): Reply {
    if (this.head === request.expect) {
      this.head++;
      this.log.set(this.head, request.id);
      return { request, kind: 'committed' };
    }
    return { request, kind: 'failed', head: this.head, taken: this.log.get(request.expect + 1) };
  }

  /** The appending node's side (EtcdLog.append): success, its own entry in place, a retry, or a 503. */
  private receive(reply: Reply): void {
    const n = this.nodes[reply.request.node]!;
    if (n.life !== reply.request.life || n.pending !== reply.request.id) return;
    if (reply.kind === 'committed' || (reply.kind === 'failed' && reply.taken === reply.request.id)) {
      this.acknowledged.add(reply.request.id);
      n.knownHead = Math.max(n.knownHead, reply.request.expect + 1);
      n.pending = undefined;
    } else if (reply.kind === 'failed') {
      n.knownHead = reply.head;
      this.requests.push({ ...reply.request, expect: reply.head });
    } else {
      n.pending = undefined;
    }
  }

  /** A follower's range read from its applied position (ClusterNode.drain). */
  private apply(index: number, limit: number): void {
    const n = this.nodes[index]!;
    if (!n.running) return;
    for (let i = 0; i < limit; i++) {
      const position = n.applied.length + 1;
      const id = this.log.get(position);
      if (id === undefined) {
        assert.ok(position > this.head, `node ${index} at ${position - 1} finds the log compacted past it (compacted to ${this.compacted})`);
        return;
      }
      n.applied.push(id);
      n.knownHead = Math.max(n.knownHead, position);
    }
  }

  /** Lets every message arrive and every node catch up. */
  settle(): void {
    for (let round = 0; round < 10_000 && (this.requests.length > 0 || this.replies.length > 0); round++) {
      const request = this.requests.shift();
      if (request !== undefined) this.replies.push(this.transaction(request));
      const reply = this.replies.shift();
      if (reply !== undefined) this.receive(reply);
    }
    for (const [i, n] of this.nodes.entries()) {
      if (!n.running) this.run({ kind: 'start', node: i });
      this.apply(i, this.head + 1);
    }
  }
}

test('the log protocol applies every acknowledged write exactly once, in one order, on every node, whatever is lost, reordered or crashed', () => {
  fc.assert(
    fc.property(fc.array(action, { minLength: 1, maxLength: 300 }), (actions) => {
      const sim = new Simulation();
      for (const a of actions) sim.run(a);
      sim.settle();
      const ids = Array.from({ length: sim.head }, (_, i) => sim.log.get(i + 1) ?? sim.snapshot.ids[i]);
      assert.equal(new Set(ids).size, ids.length, 'no write is in the log twice');
      for (const id of sim.acknowledged) assert.ok(ids.includes(id), `acknowledged write ${id} is in the log`);
      for (const n of sim.nodes) assert.deepEqual(n.applied, ids, 'every node applied the whole log once, in log order');
    }),
    { numRuns: 300 },
  );
});
