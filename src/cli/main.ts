#!/usr/bin/env node
/**
 * The `quiver` command. Each subcommand registers itself on the commander program; `demo`
 * `console` opens the Gremlin console, and `serve` runs the REST server.
 * @module
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { QuiverError } from '../index.js';
import { runCheck, runRepair } from './maintenance-commands.js';
import { runDemo } from './demo.js';
import { runConsole } from './console/index.js';
import { runServe } from './serve.js';
import { applyConfigFile } from './config-file.js';
import { registerBackupCommands } from './backup-commands.js';
import { addLoadCommand } from './load/command.js';
import { ignoreClosedPipe } from './streams.js';
import { packageVersion } from './version.js';

function positiveInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new InvalidArgumentError('expected a non-negative integer');
  return value;
}

/**
 * Builds the `quiver` program with all its subcommands, without running it.
 */
function buildProgram(): Command {
  const program = new Command('quiver')
    .description('Quiver: an embeddable graph database for TypeScript')
    .version(packageVersion(), '-V, --version', 'print the package version')
    .showHelpAfterError()
    .exitOverride();
  program
    .command('demo')
    .description('open a durable database, create a schema, load a generated graph and read it back')
    .option('--data <dir>', 'database directory', './data')
    .option('--graph <name>', 'graph name', 'demo')
    .option('--vertices <n>', 'number of vertices to generate', positiveInteger, 100_000)
    .option('--edges <n>', 'number of edges to generate', positiveInteger, 500_000)
    .option('--reset', 'drop the demo graph first and load it again', false)
    .option('--no-progress', 'do not draw progress bars')
    .action(async (options: { data: string; graph: string; vertices: number; edges: number; reset: boolean; progress: boolean }) => {
      await runDemo({ ...options, out: (line) => process.stdout.write(`${line}\n`) });
    });
  program
    .command('console')
    .description('interactive Gremlin console on the embedded database (piped input runs non-interactively)')
    .option('--data <dir>', 'database directory', './data')
    .option('--graph <name>', 'graph name (created with schema.auto_create when missing)', 'hugegraph')
    .option('--timeout <ms>', 'time limit of each query in milliseconds, 0 for none (:timeout changes it)', positiveInteger, 30_000)
    .version(packageVersion(), '-V, --version', 'print the package version')
    .action(async (options: { data: string; graph: string; timeout: number }) => {
      process.exitCode = await runConsole({ dataPath: options.data, graph: options.graph, timeoutMs: options.timeout });
    });
  program
    .command('serve')
    .description('run the HugeGraph-compatible REST server on a data directory (SIGTERM/SIGINT stop it gracefully)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', positiveInteger, 8080)
    .option('--data <dir>', 'database directory', './data')
    .option('--log-level <level>', 'log level: fatal, error, warn, info, debug, trace or silent', 'info')
    .option('--no-auth', 'accept requests without credentials (every request runs as admin)')
    .option('--query-timeout <ms>', 'default Gremlin evaluationTimeout in milliseconds', positiveInteger, 30_000)
    .option('--token-max-lifetime <seconds>', "longest token lifetime; a login's token_expire is capped by it, and a login without one gets it", positiveInteger, 86_400)
    .option('--login-failures-per-user <n>', 'failed password checks of one user name allowed per window, then 429 (0: no limit)', positiveInteger, 10)
    .option('--login-failures-per-address <n>', 'failed password checks from one client address allowed per window, then 429 (0: no limit)', positiveInteger, 30)
    .option('--login-failure-window <seconds>', 'window of the failed-login counts', positiveInteger, 60)
    .option('--gremlin-port <port>', 'also serve the Gremlin Server protocol (WebSocket at /gremlin, for TinkerPop drivers) on this port (0 picks a free one)', positiveInteger)
    .option('--etcd <urls>', 'join the cluster kept in etcd at these comma-separated client URLs (docs/cluster.md; default QUIVER_ETCD)')
    .option('--node-id <name>', 'id of this cluster node, stable across restarts (default QUIVER_NODE_ID, else host name and port)')
    .option('--etcd-prefix <prefix>', 'key prefix of the cluster in etcd', '/quiver')
    .option('--snapshot-every <entries>', 'cluster: store a snapshot in etcd after this many log entries', positiveInteger, 10_000)
    .option('--ttl-sweep <seconds>', 'seconds between two sweeps that remove expired vertices and edges (reads hide them at once)', positiveInteger, 60)
    .option('--config <file>', 'read these flags from a YAML or JSON file (keys are the flag names; flags given here win)')
    .option('--tls-cert <file>', 'PEM certificate: serve HTTPS (and WSS on the Gremlin port); needs --tls-key')
    .option('--tls-key <file>', 'PEM private key of --tls-cert')
    .option('--metrics-public', 'serve /metrics without credentials (default: administrators only)')
    .option('--graph-defaults <json>', 'graph configuration keys every new graph gets unless its creation gives them, as a JSON object (e.g. {"schema.auto_create":true})')
    .hook('preAction', async (command) => {
      const file: unknown = command.opts().config;
      if (typeof file === 'string') await applyConfigFile(command, file);
    })
    .action(async (options: {
      host: string; port: number; data: string; logLevel: string; auth: boolean; queryTimeout: number;
      tokenMaxLifetime: number; loginFailuresPerUser: number; loginFailuresPerAddress: number; loginFailureWindow: number; gremlinPort?: number;
      etcd?: string; nodeId?: string; etcdPrefix: string; snapshotEvery: number; ttlSweep: number;
      tlsCert?: string; tlsKey?: string; metricsPublic?: boolean; graphDefaults?: string;
    }) => {
      await runServe(options, (line) => process.stderr.write(`${line}\n`));
    });
  program
    .command('check')
    .description('verify every checksum of every snapshot and log segment of every graph; changes nothing (exit 0 clean, 1 damaged)')
    .option('--data <dir>', 'database directory', './data')
    .action(async (options: { data: string }) => {
      process.exitCode = await runCheck(options.data, (line) => process.stdout.write(`${line}\n`));
    });
  program
    .command('repair')
    .description('make a damaged database open again by keeping the valid prefix of each graph and dropping the rest (needs --truncate-at-damage)')
    .option('--data <dir>', 'database directory', './data')
    .option('--truncate-at-damage', 'drop damaged snapshots, and each log from its first damage on, reporting exactly what is dropped', false)
    .action(async (options: { data: string; truncateAtDamage: boolean }) => {
      process.exitCode = await runRepair(options.data, { truncate: options.truncateAtDamage, out: (line) => process.stdout.write(`${line}\n`) });
    });
  registerBackupCommands(program);
  addLoadCommand(program);
  return program;
}

async function main(argv: readonly string[]): Promise<number> {
  ignoreClosedPipe(process.stdout);
  try {
    await buildProgram().parseAsync([...argv]);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof Error && 'exitCode' in error && typeof error.exitCode === 'number') return error.exitCode;
    if (error instanceof QuiverError) {
      process.stderr.write(`quiver: ${error.message} (${error.code})\n`);
      return 1;
    }
    throw error;
  }
}

const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv);
