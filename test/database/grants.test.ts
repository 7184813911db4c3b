import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ArgumentError, ConflictError, LimitError, NotFoundError } from '../../src/index.js';
import type { GrantHooks, GrantsDocument, KeyDataType } from '../../src/index.js';
import { GrantRegistry } from '../../src/database/server/grants.js';
import { StateFile } from '../../src/database/durability/state-file.js';

const USERS = new Set(['alice', 'bob']);
const GRAPHS = new Set(['hugegraph', 'other']);
const KEYS: Readonly<Record<string, KeyDataType>> = { age: 'INT', name: 'TEXT' };

/** A registry over an in-memory document, with a space DEFAULT of at most `roles` groups. */
async function registry(roles = 10): Promise<{ grants: GrantRegistry; used: () => number }> {
  let used = 0;
  const hooks: GrantHooks = {
    requireSpace: (space) => {
      if (space !== 'DEFAULT') throw new NotFoundError('SPACE_NOT_FOUND', `Graph space '${space}' does not exist`);
    },
    requireUser: (user) => {
      if (!USERS.has(user)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid user id: ${user}`);
    },
    requireGraph: (_space, graph) => {
      if (!GRAPHS.has(graph)) throw new ArgumentError('INVALID_ARGUMENT', `Invalid target_graph: ${graph}`);
    },
    keyType: (_space, _graph, key) => KEYS[key],
    countRoles: async (_space, delta) => {
      if (used + delta > roles) throw new LimitError('SPACE_QUOTA', 'max_role_number is reached');
      used += delta;
    },
  };
  return { grants: new GrantRegistry(await StateFile.open<GrantsDocument>(undefined, { spaces: {} }), hooks), used: () => used };
}

test('a user gets the resources of the targets their groups hold, per permission and only on the target graph', async () => {
  const { grants } = await registry();
  await grants.createGroup('DEFAULT', { group_name: 'readers' }, 'admin');
  await grants.createTarget('DEFAULT', { target_name: 'adults', target_graph: 'hugegraph', target_resources: [{ type: 'VERTEX', label: 'person', properties: { age: 'P.gte(18)' } }] }, 'admin');
  await grants.createTarget('DEFAULT', { target_name: 'elsewhere', target_graph: 'other', target_resources: [{ type: 'ALL' }] }, 'admin');
  await grants.createBelong('DEFAULT', 'alice', 'readers', {}, 'admin');
  await grants.createAccess('DEFAULT', 'readers', 'adults', 'READ', {}, 'admin');
  await grants.createAccess('DEFAULT', 'readers', 'elsewhere', 'WRITE', {}, 'admin');
  assert.deepEqual(grants.policy('alice', 'DEFAULT', 'hugegraph'), { grants: { READ: [{ type: 'VERTEX', label: 'person', properties: { age: 'P.gte(18)' } }] } });
  assert.deepEqual(grants.policy('alice', 'DEFAULT', 'other'), { grants: { WRITE: [{ type: 'ALL', label: '*', properties: null }] } });
  assert.deepEqual(grants.policy('bob', 'DEFAULT', 'hugegraph'), { grants: {} });
  assert.deepEqual(Object.keys(grants.roles('alice').DEFAULT ?? {}).sort(), ['hugegraph', 'other']);
  assert.equal(grants.isSpaceAdmin('alice', 'DEFAULT'), false);
});

test('SPACE makes a graph-space administrator, unrestricted in that space', async () => {
  const { grants } = await registry();
  await grants.createGroup('DEFAULT', { group_name: 'admins' }, 'admin');
  await grants.createTarget('DEFAULT', { target_name: 'any', target_graph: 'hugegraph', target_resources: [] }, 'admin');
  await grants.createBelong('DEFAULT', 'bob', 'admins', {}, 'admin');
  await grants.createAccess('DEFAULT', 'admins', 'any', 'SPACE', {}, 'admin');
  assert.equal(grants.isSpaceAdmin('bob', 'DEFAULT'), true);
  assert.deepEqual(grants.policy('bob', 'DEFAULT', 'other'), { unrestricted: true, grants: {} });
});

test('target resources are checked when the target is made: types, labels without patterns, predicates with the key type', async () => {
  const { grants } = await registry();
  const target = (resources: unknown) => grants.createTarget('DEFAULT', { target_name: 't', target_graph: 'hugegraph', target_resources: resources }, 'admin');
  await assert.rejects(target([{ type: 'VERTICES' }]), /Invalid target_resources\[0\]\.type/);
  await assert.rejects(target([{ type: 'VERTEX', label: 'per.*' }]), /patterns are not accepted/);
  await assert.rejects(target([{ type: 'VERTEX', properties: { age: 'P.gte("abc")' } }]), (e: unknown) => e instanceof ArgumentError && e.code === 'PREDICATE_VALUE');
  await assert.rejects(target([{ type: 'VERTEX', properties: { age: 'P.gte(abc)' } }]), (e: unknown) => e instanceof ArgumentError && e.code === 'PREDICATE_TEXT');
  await assert.rejects(target([{ type: 'VERTEX', properties: { age: 'P.regex(1)' } }]), (e: unknown) => e instanceof ArgumentError && e.code === 'PREDICATE_OPERATOR');
  await assert.rejects(target([{ type: 'VERTEX', properties: { age: { nested: 1 } } }]), /expected a value or a predicate text/);
  await assert.rejects(target('VERTEX'), /expected a list/);
  await assert.rejects(grants.createTarget('DEFAULT', { target_name: 't', target_graph: 'nope', target_resources: [] }, 'admin'), /Invalid target_graph/);
  const made = await target([{}, { type: 'EDGE', label: 'knows', properties: { '*': '*' } }, { type: 'VERTEX', properties: { name: 'P.within(["a","b"])' } }]);
  assert.deepEqual(made.resources, [
    { type: 'NONE', label: '*', properties: null },
    { type: 'EDGE', label: 'knows', properties: null },
    { type: 'VERTEX', label: '*', properties: { name: 'P.within(["a","b"])' } },
  ]);
  assert.equal(grants.space('DEFAULT').targets.length, 1, 'the refused targets left nothing behind');
});

test('names are unique, immutable fields stay, and removing a group or target removes what names it', async () => {
  const { grants, used } = await registry();
  await grants.createGroup('DEFAULT', { group_name: 'g' }, 'admin');
  await assert.rejects(grants.createGroup('DEFAULT', { group_name: 'g' }, 'admin'), ConflictError);
  await assert.rejects(grants.createGroup('DEFAULT', { group_name: 'a:b' }, 'admin'), /Invalid group_name/);
  await assert.rejects(grants.updateGroup('DEFAULT', 'g', { group_name: 'h' }), /cannot be changed/);
  assert.equal((await grants.updateGroup('DEFAULT', 'g', { group_description: 'd' })).description, 'd');
  await grants.createTarget('DEFAULT', { target_name: 't', target_graph: 'hugegraph', target_resources: [{ type: 'ALL' }] }, 'admin');
  await grants.createBelong('DEFAULT', 'alice', 'g', {}, 'admin');
  await assert.rejects(grants.createBelong('DEFAULT', 'alice', 'g', {}, 'admin'), ConflictError);
  await assert.rejects(grants.createBelong('DEFAULT', 'carol', 'g', {}, 'admin'), /Invalid user id: carol/);
  await grants.createAccess('DEFAULT', 'g', 't', 'READ', {}, 'admin');
  await assert.rejects(grants.createAccess('DEFAULT', 'g', 't', 'READ', {}, 'admin'), ConflictError);
  await assert.rejects(grants.createAccess('DEFAULT', 'g', 't', 'ADMIN', {}, 'admin'), /Invalid access_permission/);
  assert.equal(used(), 1);
  await grants.removeTarget('DEFAULT', 't');
  assert.deepEqual(grants.space('DEFAULT').accesses, []);
  await grants.removeGroup('DEFAULT', 'g');
  assert.deepEqual(grants.space('DEFAULT').belongs, []);
  assert.equal(used(), 0);
  assert.throws(() => grants.group('DEFAULT', 'g'), NotFoundError);
});

test("a graph space's max_role_number caps its groups", async () => {
  const { grants } = await registry(1);
  await grants.createGroup('DEFAULT', { group_name: 'one' }, 'admin');
  await assert.rejects(grants.createGroup('DEFAULT', { group_name: 'two' }, 'admin'), LimitError);
  assert.deepEqual(grants.space('DEFAULT').groups.map((g) => g.name), ['one']);
});

test('the version grows with each change, and a deleted user loses their belongs', async () => {
  const { grants } = await registry();
  const before = grants.version;
  await grants.createGroup('DEFAULT', { group_name: 'g' }, 'admin');
  await grants.createBelong('DEFAULT', 'bob', 'g', {}, 'admin');
  assert.ok(grants.version > before);
  await grants.forgetUser('bob');
  assert.deepEqual(grants.space('DEFAULT').belongs, []);
});
