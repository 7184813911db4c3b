import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyBaseLogger } from 'fastify';
import { LazyRequestLogger } from '../../src/http/request-logger.js';

/** A parent logger at `level` that records the children it makes and what they log. */
function recordingParent(level: string): { parent: FastifyBaseLogger; children: Array<Record<string, unknown>>; lines: Array<[string, Record<string, unknown>, unknown[]]> } {
  const children: Array<Record<string, unknown>> = [];
  const lines: Array<[string, Record<string, unknown>, unknown[]]> = [];
  const make = (bindings: Record<string, unknown>): FastifyBaseLogger => {
    const log = (method: string) => (...args: unknown[]) => {
      lines.push([method, bindings, args]);
    };
    return {
      level,
      fatal: log('fatal'),
      error: log('error'),
      warn: log('warn'),
      info: log('info'),
      debug: log('debug'),
      trace: log('trace'),
      silent: () => undefined,
      child: (more: Record<string, unknown>) => {
        children.push(more);
        return make({ ...bindings, ...more });
      },
    } as FastifyBaseLogger;
  };
  return { parent: make({}), children, lines };
}

test('a request logger makes its child only when something at an enabled level is logged', () => {
  const { parent, children, lines } = recordingParent('info');
  const log = new LazyRequestLogger(parent, { reqId: 'req-7' }, {});
  log.debug('dropped');
  log.trace('dropped');
  assert.deepEqual(children, []);
  assert.equal(log.level, 'info');
  log.info({ status: 404 }, 'request rejected');
  log.warn('second');
  assert.deepEqual(children, [{ reqId: 'req-7' }], 'one child, with the request id');
  assert.deepEqual(lines, [
    ['info', { reqId: 'req-7' }, [{ status: 404 }, 'request rejected']],
    ['warn', { reqId: 'req-7' }, ['second']],
  ]);
});

test('a request logger honours a route log level given in the child options', () => {
  const { parent, children } = recordingParent('info');
  const log = new LazyRequestLogger(parent, { reqId: 'req-8' }, { level: 'error' });
  assert.equal(log.level, 'error');
  log.warn('below the route level');
  assert.deepEqual(children, []);
  log.child({ part: 'x' });
  assert.deepEqual(children, [{ reqId: 'req-8' }, { part: 'x' }]);
});
