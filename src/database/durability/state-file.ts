/**
 * A small JSON document kept durably in the data directory (server registries: graph spaces,
 * services, graphs, users, tasks). Each save replaces the file atomically (tmp, fsync, rename,
 * fsync dir); saves of one file run one after another. In memory (no path) it only holds the value.
 * @module
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StorageError } from '../../errors.js';
import { replaceFileDurably } from '../../storage/index.js';

/**
 * One durable JSON document.
 *
 * @example
 * ```ts
 * const file = await StateFile.open<{ n: number }>('/data/server/counter.json', { n: 0 });
 * await file.save({ n: file.value.n + 1 });
 * ```
 */
export class StateFile<T> {
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    /** Absolute file path, or undefined in memory. */
    readonly path: string | undefined,
    private current: T,
  ) {}

  /**
   * Reads the document at `path` (or starts from `initial` when the file does not exist or no
   * path is given). An unreadable or unparsable file is StorageError `STATE_DAMAGED` naming it.
   *
   * @example
   * ```ts
   * const spaces = await StateFile.open('/data/server/spaces.json', { spaces: [] });
   * ```
   */
  static async open<T>(path: string | undefined, initial: T): Promise<StateFile<T>> {
    if (path === undefined) return new StateFile(undefined, initial);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return new StateFile(path, initial);
      throw new StorageError('STATE_DAMAGED', `Cannot read server state file '${path}': ${(cause as Error).message}`, { cause, details: { file: path } });
    }
    try {
      return new StateFile(path, JSON.parse(text) as T);
    } catch (cause) {
      throw new StorageError('STATE_DAMAGED', `Cannot read server state file '${path}': it is not valid JSON`, { cause, details: { file: path } });
    }
  }

  /**
   * The value as last saved (or read).
   *
   * @example
   * ```ts
   * declare const file: StateFile<{ count: number }>;
   * console.log(file.value);
   * ```
   */
  get value(): T {
    return this.current;
  }

  /**
   * Makes `value` the document and, for a file, waits until it is durable.
   *
   * @example
   * ```ts
   * declare const file: StateFile<{ count: number }>;
   * await file.save({ count: file.value.count + 1 });
   * ```
   */
  save(value: T): Promise<void> {
    this.current = value;
    const path = this.path;
    if (path === undefined) return Promise.resolve();
    const text = `${JSON.stringify(value, null, 2)}\n`;
    const run = this.queue.then(async () => {
      await mkdir(dirname(path), { recursive: true });
      await replaceFileDurably(path, (handle) => handle.writeFile(text));
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Waits for every pending save.
   *
   * @example
   * ```ts
   * declare const file: StateFile<{ count: number }>;
   * await file.flush();
   * ```
   */
  flush(): Promise<void> {
    return this.queue;
  }
}
