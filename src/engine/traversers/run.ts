/**
 * The one road a traverser runs on: a read view pinned for the whole call (as a Gremlin query
 * pins one) and seen through the request's source decorator, the engine's Runtime as the
 * frontier context (its tick checks cancellation, the deadline and the heap), and an async
 * driver that returns to the event loop on every pause.
 * @module
 */
import { FRONTIER_PAUSE } from '../frontier/index.js';
import type { FrontierOperation } from '../frontier/index.js';
import { pacer } from '../run/element-query.js';
import { breather } from '../runtime/turns.js';
import { openView, readSource } from '../run/execute.js';
import type { ExecutionContext } from '../run/execute.js';
import type { TraverserRun } from './traverser-common.js';

/**
 * Runs a traverser in an execution context and resolves with its response. `keyType` gives the
 * data type of a property key, to which property filter values are converted.
 */
export async function runTraverser<R>(
  context: ExecutionContext,
  body: (run: TraverserRun) => FrontierOperation<R>,
  options: Pick<TraverserRun, 'keyType'> = {},
): Promise<R> {
  const view = openView(context);
  try {
    const source = readSource(context, view);
    const rt = pacer(context);
    const op = body({ source, ctx: rt, ...options });
    for (;;) {
      const r = op.next();
      if (r.done === true) return r.value;
      if (r.value === FRONTIER_PAUSE) {
        await breather();
        rt.checkCancelled();
        rt.resume();
      }
    }
  } finally {
    view?.release();
  }
}
