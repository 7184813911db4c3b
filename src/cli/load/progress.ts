/**
 * The progress of a load: one cli-progress bar per input file and phase (bytes read of the
 * file, rows read, rows per second, ETA), drawn on stderr only when it is a terminal and
 * `--no-progress` is not given, and the counts the summary reports.
 * @module
 */
import cliProgress from 'cli-progress';

/** Counts of one input file in one phase (its vertex mappings, then its edge mappings). */
export interface InputCounts {
  readonly file: string;
  readonly phase: 'vertices' | 'edges';
  rows: number;
  loaded: number;
  parseErrors: number;
  insertErrors: number;
  ms: number;
}

/** The bar of one input file, or nothing when bars are off. */
interface InputProgress {
  update(bytesRead: number, rows: number): void;
  stop(): void;
}

/** Bars of a whole load. */
export class LoadProgress {
  private readonly bars: cliProgress.MultiBar | undefined;

  /** Bars are drawn on `stream` (stderr) when `enabled` and it is a terminal. */
  constructor(enabled: boolean, stream: NodeJS.WriteStream = process.stderr) {
    this.bars = enabled && stream.isTTY === true
      ? new cliProgress.MultiBar(
          { format: '{name} |{bar}| {percentage}% | {rows} rows | {speed} rows/s | ETA {eta_formatted}', hideCursor: true, clearOnComplete: false, stream, etaBuffer: 50 },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
  }

  /** A bar for `name` over a file of `bytes` bytes. */
  input(name: string, bytes: number): InputProgress {
    const bars = this.bars;
    if (bars === undefined) return { update: () => undefined, stop: () => undefined };
    const start = performance.now();
    const bar = bars.create(Math.max(bytes, 1), 0, { name, rows: 0, speed: 0 });
    return {
      update: (bytesRead, rows) => {
        const seconds = (performance.now() - start) / 1000;
        bar.update(bytesRead, { rows, speed: seconds > 0 ? Math.round(rows / seconds) : 0 });
      },
      stop: () => bar.stop(),
    };
  }

  stop(): void {
    this.bars?.stop();
  }
}

/** The summary lines of a load. */
export function summaryLines(counts: readonly InputCounts[], totalMs: number): string[] {
  const lines = counts.map((c) => {
    const rate = c.ms > 0 ? Math.round((c.rows / c.ms) * 1000) : 0;
    return `${c.phase} from ${c.file}: ${c.rows} rows, ${c.loaded} loaded, ${c.parseErrors} parse errors, ${c.insertErrors} insert errors, ${(c.ms / 1000).toFixed(1)} s (${rate} rows/s)`;
  });
  const sum = (f: (c: InputCounts) => number): number => counts.reduce((s, c) => s + f(c), 0);
  const vertices = sum((c) => (c.phase === 'vertices' ? c.loaded : 0));
  const edges = sum((c) => (c.phase === 'edges' ? c.loaded : 0));
  lines.push(`loaded ${vertices} vertices and ${edges} edges in ${(totalMs / 1000).toFixed(1)} s; ${sum((c) => c.parseErrors)} parse errors, ${sum((c) => c.insertErrors)} insert errors`);
  return lines;
}
