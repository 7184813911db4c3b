/**
 * DriverRemoteConnection against the Gremlin Server endpoint: every step family of the fluent
 * API (map, flatMap, filter, branch, side effect, barrier, predicates, strategies, options)
 * gives over the socket what the same traversal gives embedded; writes, strategies and
 * `with()` options; and transactions of sessions, committed and rolled back.
 * @module
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import gremlin from 'gremlin';
import { canonical, loadModern, useModernSides } from './fixture.js';
import { bothWays } from './same-traversal.js';
import type { Build } from './same-traversal.js';

const require = createRequire(import.meta.url);

const sides = useModernSides();

/** Traversals by step family; each runs embedded and remote and must give the same results. */
const FAMILIES: Readonly<Record<string, readonly Build[]>> = {
  map: [
    (g) => g.V().values('name'),
    (g) => g.V().id(),
    (g) => g.V().label(),
    (g) => g.V().valueMap('name', 'age'),
    (g) => g.V().elementMap(),
    (g) => g.V(1).properties(),
    (g, p) => g.V().project('name', 'degree').by('name').by(p.statics.bothE().count()),
    (g) => g.V().as('a').out('knows').as('b').select('a', 'b').by('name'),
    (g) => g.V().values('age').math('_ * 2'),
    (g) => g.V().constant('c'),
    (g, p) => g.V().order().by('name', p.order.desc).values('name'),
    (g, p) => g.V().local(p.statics.outE().count()),
    (g) => g.V(1).out().path().by('name'),
    (g) => g.V().hasLabel('person').values('age').fold(),
    (g) => g.V().values('age').sum(),
    (g) => g.V().values('age').mean(),
    (g) => g.V().values('age').min(),
    (g) => g.V().values('age').max(),
    (g) => g.E().values('weight'),
    (g) => g.V().count(),
  ],
  flatMap: [
    (g) => g.V(1).out(),
    (g) => g.V(4).in_('knows'),
    (g) => g.V(1).both(),
    (g) => g.V(1).outE(),
    (g) => g.V(1).outE().inV(),
    (g) => g.V(2).inE().outV(),
    (g) => g.V(1).bothE().otherV(),
    (g) => g.V().hasLabel('person').values('age').fold().unfold(),
  ],
  filter: [
    (g, p) => g.V().has('age', p.P.gt(30)).values('name'),
    (g, p) => g.V().has('name', p.TextP.startingWith('m')),
    (g, p) => g.V().has('age', p.P.within(27, 32)),
    (g, p) => g.V().has('age', p.P.between(27, 33)).values('name'),
    (g) => g.V().hasLabel('software'),
    (g) => g.V().hasNot('age'),
    (g) => g.V().hasId(1, 2),
    (g, p) => g.V().where(p.statics.out('created').count().is(p.P.gt(1))).values('name'),
    (g, p) => g.V().and(p.statics.has('age'), p.statics.out('knows')).values('name'),
    (g, p) => g.V().or(p.statics.has('lang'), p.statics.has('age', 27)).values('name'),
    (g, p) => g.V().not(p.statics.has('age')).values('name'),
    (g) => g.V().both().dedup().values('name'),
    (g) => g.V().order().by('name').range(1, 3).values('name'),
    (g) => g.V().order().by('name').limit(2).values('name'),
    (g) => g.V().order().by('name').skip(4).values('name'),
    (g) => g.V().order().by('name').tail(2).values('name'),
    (g, p) => g.V(1).repeat(p.statics.both()).times(2).simplePath().path(),
    (g, p) => g.V(1).repeat(p.statics.both()).times(2).cyclicPath().count(),
    (g, p) => g.V().values('age').is(p.P.lte(29)),
  ],
  branch: [
    (g, p) => g.V().choose(p.statics.has('age', p.P.gt(30)), p.statics.constant('old'), p.statics.constant('young')),
    (g, p) => g.V(1).union(p.statics.out('knows'), p.statics.out('created')).values('name'),
    (g, p) => g.V().coalesce(p.statics.values('lang'), p.statics.values('name')),
    (g, p) => g.V().optional(p.statics.out('knows')).values('name'),
    (g, p) => g.V(1).repeat(p.statics.out()).times(2).values('name'),
    (g, p) => g.V(1).repeat(p.statics.out()).until(p.statics.hasLabel('software')).path().by('name'),
    (g, p) => g.V(1).repeat(p.statics.out()).emit().values('name'),
  ],
  sideEffectAndBarrier: [
    (g, p) => g.V().out('created').aggregate('x').cap('x').unfold().dedup().values('name'),
    (g, p) => g.V().sideEffect(p.statics.outE()).values('name'),
    (g) => g.V().group().by('name').by('age'),
    (g, p) => g.V().group().by(p.t.label).by(p.statics.count()),
    (g) => g.V().groupCount().by('name'),
    (g) => g.V().barrier().values('name'),
    (g) => g.inject(1, 2, 3),
    (g) => g.withSack(1).V(1).out().sack().fold(),
    (g, p) => g.withSideEffect('s', 10).V(1).values('age').math('_ + s'),
    (g, p) => g.V().hasLabel('person').order().by(p.statics.outE().count(), p.order.desc).by('name').values('name'),
  ],
};

for (const [family, builds] of Object.entries(FAMILIES)) {
  test(`DriverRemoteConnection: the ${family} steps give what they give embedded`, async () => {
    for (const build of builds) {
      const { embedded: here, remote: there } = await bothWays(build, sides);
      assert.notDeepEqual(here, { failed: true }, `embedded: ${String(build)}`);
      assert.deepEqual(there, here, String(build));
    }
  });
}

test('DriverRemoteConnection writes: addV, property, addE, drop, mergeV', async () => {
  await loadModern(sides.fixture.state, 'scratch');
  const g = sides.fixture.remote({ traversalSource: '__g_scratch' });
  const __ = gremlin.process.statics;
  const v = await g.addV('person').property('name', 'ann').property('age', 40).next();
  assert.equal(v.value.label, 'person');
  await g.V().has('name', 'ann').addE('knows').to(__.V().has('name', 'marko')).property('weight', 0.25).iterate();
  assert.deepEqual(await g.V().has('name', 'ann').out('knows').values('name').toList(), ['marko']);
  await g.V().has('name', 'ann').property('age', 41).iterate();
  assert.deepEqual(await g.V().has('name', 'ann').values('age').toList(), [41]);
  const merged = await g.mergeV(new Map([['name', 'bob'], [gremlin.process.t.label, 'person']])).values('name').toList();
  assert.deepEqual(merged, ['bob']);
  await g.V().has('name', 'ann').drop().iterate();
  assert.deepEqual(await g.V().has('name', 'ann').count().next(), { value: 0, done: false });
});

test('DriverRemoteConnection strategies and options: SubgraphStrategy, ReadOnlyStrategy, with(), materializeProperties', async () => {
  const strategies = require('gremlin/lib/process/traversal-strategy.js') as Record<string, new (options?: object) => never>;
  const __ = gremlin.process.statics;
  const people = await sides.remote.withStrategies(new strategies['SubgraphStrategy']!({ vertices: __.hasLabel('person') })).V().values('name').toList();
  assert.deepEqual([...people].sort(), ['josh', 'marko', 'peter', 'vadas']);
  await assert.rejects(sides.remote.withStrategies(new strategies['ReadOnlyStrategy']!()).addV('person').iterate(), /read.?only|ReadOnly/i);
  assert.deepEqual(await sides.remote.with_('evaluationTimeout', 5000).V().count().next(), { value: 6, done: false });
  const tokens = sides.fixture.remote({ traversalSource: '__g_modern' });
  const [bare] = (await tokens.with_('materializeProperties', 'tokens').V(1).toList()) as unknown as Array<{ properties?: unknown[] }>;
  assert.deepEqual(canonical(bare?.properties ?? []), []);
  const [full] = (await sides.remote.V(1).toList()) as unknown as Array<{ properties?: unknown[] }>;
  assert.equal(full?.properties?.length, 2);
});

test('Sessions: a transaction committed by tx.commit() is kept, one rolled back is not, closing rolls back', async () => {
  await loadModern(sides.fixture.state, 'txgraph');
  const g = sides.fixture.remote({ traversalSource: '__g_txgraph' });
  const committed = g.tx();
  const gtx = committed.begin();
  await gtx.addV('person').property('name', 'kept').iterate();
  assert.deepEqual(await g.V().has('name', 'kept').count().next(), { value: 0, done: false }, 'not visible before the commit');
  assert.deepEqual(await gtx.V().has('name', 'kept').count().next(), { value: 1, done: false }, 'visible inside the session');
  await committed.commit();
  assert.deepEqual(await g.V().has('name', 'kept').count().next(), { value: 1, done: false });
  const rolled = g.tx();
  const rtx = rolled.begin();
  await rtx.addV('person').property('name', 'dropped').iterate();
  await rolled.rollback();
  assert.deepEqual(await g.V().has('name', 'dropped').count().next(), { value: 0, done: false });
  const session = sides.fixture.client({ session: '0b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a12', traversalSource: '__g_txgraph' });
  await session.submit("g.addV('person').property('name', 'closed')", {});
  await session.close();
  assert.deepEqual(await g.V().has('name', 'closed').count().next(), { value: 0, done: false }, 'closing a session rolls back what it left open');
  const managed = sides.fixture.client({ session: '0b8b1c2e-0d45-4f2a-9d8e-3c3c0c3b5a13', traversalSource: '__g_txgraph', manageTransaction: true });
  await managed.submit("g.addV('person').property('name', 'managed')", {}, { manageTransaction: true } as never);
  await managed.close();
  assert.deepEqual(await g.V().has('name', 'managed').count().next(), { value: 1, done: false }, 'manageTransaction commits each request');
});
