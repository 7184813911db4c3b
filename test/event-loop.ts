/**
 * Watching the event loop from a test: how late a 5 ms interval timer fires while work runs,
 * and how many turns the loop makes.
 * @module
 */

/**
 * How late a 5 ms interval timer fired at worst while `work` ran. The machine is shared (two
 * cores, other test files and other users), so the process may be descheduled for a while: a
 * gap counts for the CPU time the process spent in it when that is less than the wall time,
 * which is the time the event loop was held by work rather than waiting for a core.
 */
export async function timerDelay<T>(work: Promise<T>): Promise<{ worst: number; outcome: PromiseSettledResult<T> }> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let worst = 0;
  const gap = (): number => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const held = Math.min(now - last, (cpu.user + cpu.system) / 1000) - 5;
    last = now;
    lastCpu = process.cpuUsage();
    return held;
  };
  const timer = setInterval(() => {
    worst = Math.max(worst, gap());
  }, 5);
  const [outcome] = await Promise.allSettled([work]);
  worst = Math.max(worst, gap());
  clearInterval(timer);
  return { worst, outcome };
}

/** Counts turns of the event loop (one per check phase) until `stop` is called. */
export function turnCounter(): { readonly now: () => number; readonly stop: () => void } {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    now: () => turns,
    stop: () => {
      running = false;
    },
  };
}
