/**
 * `quiver serve --config FILE`: a YAML or JSON file that holds the flags of `serve`. The keys
 * allowed are derived from the command's own options (a flag `--query-timeout` is the key
 * `query-timeout`, `--no-auth` is `auth: false`), so a flag added to `serve` is accepted in the
 * file without further work. A flag given on the command line wins over the file; a key that
 * names no flag stops the server before it starts.
 * @module
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Command, Option } from 'commander';
import { parse as parseYaml } from 'yaml';
import { ArgumentError } from '../index.js';

/** The option the file may not set: the file itself. */
const SELF = 'config';

/** The key of an option in the file: its long flag without dashes and without a `no-` of a negated flag. */
function keyOf(option: Option): string | undefined {
  const long = option.long?.replace(/^--/, '');
  if (long === undefined) return undefined;
  return option.negate ? long.replace(/^no-/, '') : long;
}

/** Reads the file as YAML or JSON (by extension; YAML, a superset of JSON, otherwise). */
async function readSettings(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new ArgumentError('CONFIG_FILE', `Cannot read config file '${path}': ${(cause as Error).message}`, { cause });
  }
  let value: unknown;
  try {
    value = extname(path).toLowerCase() === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (cause) {
    throw new ArgumentError('CONFIG_FILE', `Cannot parse config file '${path}': ${(cause as Error).message}`, { cause });
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ArgumentError('CONFIG_FILE', `Invalid config file '${path}': expected a mapping of flag names to values`);
  return value as Record<string, unknown>;
}

/** The value the command-line parser would make of `raw` for this option. */
function optionValue(option: Option, key: string, raw: unknown, path: string): unknown {
  const bad = (expected: string): ArgumentError =>
    new ArgumentError('CONFIG_FILE_VALUE', `Invalid value for key '${key}' in config file '${path}': expected ${expected}`, { details: { key } });
  const takesValue = option.required || option.optional;
  if (!takesValue) {
    if (typeof raw !== 'boolean') throw bad('true or false');
    return raw;
  }
  if (raw === null || raw === undefined) throw bad('a value');
  // A mapping or a list goes to its flag as JSON text (`graph-defaults: {schema.auto_create: true}`).
  const text = typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  try {
    return option.parseArg === undefined ? text : option.parseArg(text, undefined);
  } catch (cause) {
    throw new ArgumentError('CONFIG_FILE_VALUE', `Invalid value for key '${key}' in config file '${path}': ${(cause as Error).message}`, { cause, details: { key } });
  }
}

/**
 * Applies the config file named by `--config` to `command`'s option values, before its action
 * runs: every key must be one of the command's flags (ArgumentError `CONFIG_FILE_KEY` naming the
 * key otherwise), and a flag given on the command line keeps its value.
 */
export async function applyConfigFile(command: Command, path: string): Promise<void> {
  const settings = await readSettings(path);
  const byKey = new Map<string, Option>();
  for (const option of command.options) {
    const key = keyOf(option);
    if (key !== undefined && key !== SELF) byKey.set(key, option);
  }
  for (const [key, raw] of Object.entries(settings)) {
    const option = byKey.get(key);
    if (option === undefined) {
      throw new ArgumentError('CONFIG_FILE_KEY', `Unknown key '${key}' in config file '${path}': the keys are the flags of 'quiver serve' (${[...byKey.keys()].join(', ')})`, { details: { key } });
    }
    const value = optionValue(option, key, raw, path);
    const attribute = option.attributeName();
    if (command.getOptionValueSource(attribute) === 'cli') continue;
    command.setOptionValueWithSource(attribute, value, 'config');
  }
}
