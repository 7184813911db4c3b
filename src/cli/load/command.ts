/**
 * The `quiver load` subcommand: its flags (hugegraph-loader's, in Quiver's spelling) and exit
 * status (0 when the load finished, 1 when an error limit stopped it).
 * @module
 */
import { resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import { runLoad } from './run-load.js';

function count(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new InvalidArgumentError('expected a non-negative integer');
  return value;
}

interface LoadFlags {
  graph: string;
  mapping: string;
  schema?: string;
  data?: string;
  url?: string;
  user?: string;
  password?: string;
  batchSize?: number;
  parallel: number;
  maxParseErrors: number;
  maxInsertErrors: number;
  errorFile: string;
  progress: boolean;
}

/** Adds `quiver load` to the program. */
export function addLoadCommand(program: Command): void {
  program
    .command('load')
    .description("bulk-load CSV, TEXT (TSV) and JSON-lines files described by a hugegraph-loader mapping (struct.json) into a data directory or a server (docs/loading.md)")
    .requiredOption('--graph <space/graph>', 'graph to load into, as SPACE/GRAPH (a bare name is in DEFAULT)')
    .requiredOption('--mapping <file>', "hugegraph-loader mapping file (struct.json, version 1.0 or 2.0)")
    .option('--schema <file>', 'groovy schema file, run first (as hugegraph-loader -s)')
    .option('--data <dir>', 'load into this data directory (no server may have it open)')
    .option('--url <url>', 'load into the server at this URL through its batch REST routes')
    .option('--user <name>', 'user name for --url')
    .option('--password <password>', 'password for --url')
    .option('--batch-size <n>', 'elements per batch (default 5000 into --data, 500 to --url)', count)
    .option('--parallel <n>', 'batches in flight at once to --url', count, 4)
    .option('--max-parse-errors <n>', 'stop once more rows than this failed to parse', count, 1)
    .option('--max-insert-errors <n>', 'stop once more rows than this failed to insert', count, 500)
    .option('--error-file <path>', 'where failed rows go, with their line and reason', 'quiver-load-errors.tsv')
    .option('--no-progress', 'do not draw progress bars')
    .action(async (flags: LoadFlags) => {
      const result = await runLoad({
        ...flags,
        errorFile: resolve(flags.errorFile),
        cwd: process.cwd(),
        out: (line) => process.stdout.write(`${line}\n`),
      });
      if (result.stopped !== undefined) process.exitCode = 1;
    });
}
