/**
 * The console's read-eval-print loop over streams: node:readline for line editing and a
 * history file kept across sessions, statements gathered over several lines, Ctrl-C to
 * cancel, Ctrl-D to leave. Piped input runs without prompts or colours and stops at the
 * first error with exit status 1. When the reader of the output goes away (EPIPE, as under
 * `| head -1`), the loop cancels the running query and stops quietly.
 * @module
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface, type Interface } from 'node:readline';
import { GremlinSyntaxError } from '../../index.js';
import { watchOutputs } from '../streams.js';
import { describeError } from './console-format.js';
import { StatementBuffer } from './input.js';
import type { ConsoleSession, Reply } from './session.js';

/**
 * Streams and switches of {@link runRepl}.
 */
interface ReplOptions {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
  /** Where failures are written. */
  readonly errorOutput: NodeJS.WritableStream;
  /** Prompts, line editing and history; when false, stop at the first error with status 1. */
  readonly interactive: boolean;
  /** File of the line history (interactive only); none when undefined. */
  readonly historyFile?: string;
  /**
   * Where SIGINT comes from besides a Ctrl-C typed on the terminal (runConsole passes
   * `process`). Interactive, it is handled like Ctrl-C throughout; piped, only while a query
   * runs, so an idle piped console still ends on SIGINT.
   */
  readonly signals?: NodeJS.EventEmitter;
  /** A line printed first when interactive. */
  readonly banner?: string;
}

/**
 * Lines kept in the history file.
 */
const HISTORY_SIZE = 1000;

/**
 * The saved history, newest line first as readline wants it; empty when the file is missing.
 */
export async function loadHistory(file: string): Promise<string[]> {
  try {
    const text = await readFile(file, 'utf8');
    return text
      .split('\n')
      .filter((l) => l.length > 0)
      .slice(-HISTORY_SIZE)
      .reverse();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Writes readline's history (newest first) to the file, oldest line first.
 */
export async function saveHistory(file: string, history: readonly string[]): Promise<void> {
  const lines = history.slice(0, HISTORY_SIZE).reverse();
  await writeFile(file, lines.length === 0 ? '' : `${lines.join('\n')}\n`, { mode: 0o600 });
}

function remember(history: string[], line: string): void {
  if (line.trim().length === 0) return;
  const earlier = history.indexOf(line);
  if (earlier >= 0) history.splice(earlier, 1);
  history.unshift(line);
}

function isTty(stream: NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

function incomplete(rest: string): string[] {
  const lines = rest.split('\n');
  const last = lines[lines.length - 1] ?? '';
  const error = new GremlinSyntaxError('Unexpected end of input: the statement is not complete', { line: lines.length, column: last.length + 1 });
  return describeError(error, rest);
}

/**
 * Reads statements from `options.input` and runs them in `session` until the input ends,
 * `:quit`, or the output goes away. Resolves with the exit status: 0, or 1 when piped input
 * hit an error or the output failed other than by a closed pipe.
 */
export async function runRepl(session: ConsoleSession, options: ReplOptions): Promise<number> {
  const { interactive, output, errorOutput, signals } = options;
  const terminal = interactive && isTty(output);
  let running: AbortController | undefined;
  let rl: Interface | undefined;
  const outputs = watchOutputs(output, errorOutput, () => {
    running?.abort();
    rl?.close();
  });
  const isGone = outputs.isGone;
  const print = (stream: NodeJS.WritableStream, lines: readonly string[], colour?: string): void => {
    if (isGone(stream)) return;
    for (const line of lines) stream.write(terminal && colour !== undefined ? `${colour}${line}\x1b[0m\n` : `${line}\n`);
  };
  if (interactive && options.banner !== undefined) print(output, [options.banner]);
  const historyFile = interactive ? options.historyFile : undefined;
  const history = historyFile === undefined ? [] : await loadHistory(historyFile);
  rl = createInterface({
    input: options.input,
    ...(interactive ? { output } : {}),
    terminal,
    history: [...history],
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
  });
  const buffer = new StatementBuffer({ lookahead: !interactive });
  const prompt = (): void => {
    if (!interactive || isGone(output)) return;
    const main = `quiver(${session.graphName})> `;
    rl.setPrompt(buffer.pending ? `${'.'.repeat(main.length - 2)}> ` : main);
    rl.prompt();
  };
  const interrupt = (): void => {
    if (running !== undefined) {
      running.abort();
      return;
    }
    if (!interactive) return;
    const typed = rl.line.length > 0;
    rl.write(null, { ctrl: true, name: 'e' });
    rl.write(null, { ctrl: true, name: 'u' });
    if (buffer.pending || typed) {
      buffer.clear();
      print(output, ['^C']);
    } else print(output, ['', '(To exit, press Ctrl-D or type :quit)']);
    prompt();
  };
  rl.on('SIGINT', interrupt);
  if (interactive) signals?.on('SIGINT', interrupt);
  let status = 0;
  let quit = false;
  const execute = async (statement: string, line: number): Promise<void> => {
    running = new AbortController();
    if (!interactive) signals?.on('SIGINT', interrupt);
    let result: Reply;
    try {
      result = await session.handle(statement, { signal: running.signal });
    } finally {
      running = undefined;
      if (!interactive) signals?.off('SIGINT', interrupt);
    }
    if (isGone(output)) return;
    print(output, result.out);
    const where = result.failed && !interactive ? [`in the statement starting at input line ${line}`] : [];
    print(errorOutput, [...result.err, ...where], '\x1b[31m');
    if (result.failed && !interactive) status = 1;
    quit = result.quit || status !== 0;
  };
  try {
    prompt();
    for await (const line of rl) {
      if (historyFile !== undefined) remember(history, line);
      const statement = buffer.push(line);
      if (statement !== undefined) await execute(statement, buffer.statementLine);
      if (quit || isGone(output)) break;
      prompt();
    }
    rl.close();
    const last = quit || isGone(output) ? undefined : buffer.end();
    if (last !== undefined) await execute(last, buffer.statementLine);
    if (!quit && !isGone(output) && buffer.pending) {
      const where = interactive ? [] : [`in the statement starting at input line ${buffer.restLine}`];
      print(errorOutput, [...incomplete(buffer.rest()), ...where], '\x1b[31m');
      if (!interactive) status = 1;
    }
    if (interactive) print(output, ['']);
  } finally {
    if (interactive) signals?.off('SIGINT', interrupt);
  }
  if (historyFile !== undefined) {
    try {
      await saveHistory(historyFile, history);
    } catch (error) {
      print(errorOutput, [`Cannot save the console history: ${error instanceof Error ? error.message : String(error)}`]);
    }
  }
  const failure = outputs.failure();
  if (failure !== undefined) {
    print(errorOutput, [`Cannot write the output: ${failure instanceof Error ? failure.message : String(failure)}`]);
    return 1;
  }
  return status;
}
