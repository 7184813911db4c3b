/**
 * The audit log: one JSON line per event with its time, in rotated files under a directory
 * (readable as soon as it is recorded, and after close), or to a given stream for a server held
 * in memory; a server's failed login, login and user change land in it without the password.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { AuditLog, formatTimestamp, openServerState } from '../../src/index.js';

function lines(text: string): Array<Record<string, unknown>> {
  return text.trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}

test('a directory log writes each event as a JSON line at once, keeps them after close, and drops events after close', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'quiver-audit-')), 'audit');
  const audit = await AuditLog.open({ directory: dir });
  audit.record({ event: 'login', user_name: 'alice', address: '127.0.0.1' });
  const current = join(dir, 'current.log');
  const [first] = lines(readFileSync(current, 'utf8'));
  assert.equal(first?.event, 'login', 'readable before any flush: a write per event');
  assert.equal(first?.level, 'info');
  assert.ok(!Number.isNaN(Date.parse(String(first?.time))));
  audit.record({ event: 'user.delete', user_name: 'bob', actor: 'admin', skipped: undefined });
  await audit.close();
  audit.record({ event: 'after.close' });
  const files = readdirSync(dir).filter((name) => /^audit\..*\.log$/.test(name));
  assert.equal(files.length, 1, files.join());
  const all = lines(readFileSync(join(dir, files[0]!), 'utf8'));
  assert.deepEqual(all.map((e) => e.event), ['login', 'user.delete']);
  assert.equal('skipped' in all[1]!, false);
});

test('a server held in memory writes its audit events to the given stream: failed login, login, user creation, no password', async () => {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const { state } = await openServerState({ adminPassword: 'secret1', auditDestination: stream });
  try {
    assert.equal(await state.users.login('admin', 'wrong-1', 60, { address: '10.0.0.9' }), undefined);
    const token = await state.users.login('admin', 'secret1', 60, { address: '10.0.0.9' });
    assert.ok(token !== undefined);
    const admin = state.users.checkToken(token)!;
    await state.users.create({ user_name: 'alice', user_password: 'alice1' }, 'graphspace', admin);
    state.audit.record({ event: 'grant.create', actor: 'admin', at: formatTimestamp() });
    await state.audit.flush();
  } finally {
    await state.close();
  }
  const events = lines(text);
  assert.deepEqual(events.map((e) => e.event), ['login.failed', 'login', 'user.create', 'grant.create']);
  assert.deepEqual({ user_name: events[0]!.user_name, address: events[0]!.address }, { user_name: 'admin', address: '10.0.0.9' });
  assert.ok(!text.includes('wrong-1') && !text.includes('secret1') && !text.includes('alice1'));
});
