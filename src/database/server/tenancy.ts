/**
 * Graph spaces and services (spec Part A 2.1, 2.2, §4.1, §4.2): their records and every input
 * rule. Records use the spec's own field names, since they are the REST shapes.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { formatDate } from '../../engine/index.js';
import { describeValue } from '../graph/validate.js';

/**
 * A graph space as stored and returned (spec Part A 2.1, plus creator and timestamps).
 *
 * @example
 * ```ts
 * declare const space: GraphSpaceRecord; console.log(space.max_graph_number, space.graph_number_used);
 * ```
 */
export interface GraphSpaceRecord {
  readonly name: string;
  readonly description: string;
  readonly cpu_limit: number;
  readonly memory_limit: number;
  readonly storage_limit: number;
  readonly compute_cpu_limit: number;
  readonly compute_memory_limit: number;
  readonly oltp_namespace: string;
  readonly olap_namespace: string;
  readonly storage_namespace: string;
  readonly operator_image_path: string;
  readonly internal_algorithm_image_url: string;
  readonly max_graph_number: number;
  readonly max_role_number: number;
  readonly auth: boolean;
  readonly configs: Readonly<Record<string, unknown>>;
  readonly cpu_used: number;
  readonly memory_used: number;
  readonly storage_used: number;
  readonly graph_number_used: number;
  readonly role_number_used: number;
  readonly creator: string;
  readonly create_time: string;
  readonly update_time: string;
}

/**
 * A service as stored and returned (spec Part A 2.2).
 *
 * @example
 * ```ts
 * declare const service: ServiceRecord; console.log(service.deployment_type, service.urls);
 * ```
 */
export interface ServiceRecord {
  readonly name: string;
  readonly type: 'OLTP';
  readonly description: string;
  readonly count: number;
  readonly running: number;
  readonly cpu_limit: number;
  readonly memory_limit: number;
  readonly storage_limit: number;
  readonly deployment_type: 'K8S' | 'MANUAL';
  readonly route_type: 'ClusterIP' | 'LoadBalancer' | 'NodePort' | null;
  readonly port: number | null;
  readonly urls: readonly string[];
  readonly pd_service_id: string;
  readonly create_time: string;
}

const NAME = /^[a-z][a-z0-9_]{0,47}$/;

/**
 * The graph space every server has; its name is the one exception to the naming rule.
 *
 * @example
 * ```ts
 * declare const state: ServerState;
 * state.graph(DEFAULT_SPACE, 'hugegraph');
 * ```
 */
export const DEFAULT_SPACE = 'DEFAULT';

function bad(code: string, message: string): ArgumentError {
  return new ArgumentError(code, message);
}

/**
 * Checks a graph space or service name: lowercase letters, digits and underscore, starting
 * with a letter, at most 48 characters.
 *
 * @example
 * ```ts
 * checkTenancyName('gs1', 'graph space'); // ok
 * ```
 */
export function checkTenancyName(name: unknown, what: string): string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw bad('INVALID_NAME', `Invalid ${what} name ${describeValue(name)}: use lowercase letters, digits and underscore, start with a lowercase letter, at most 48 characters`);
  }
  return name;
}

function field(input: Readonly<Record<string, unknown>>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(input, key) ? input[key] : undefined;
}

function required(input: Readonly<Record<string, unknown>>, key: string, what: string): unknown {
  const value = field(input, key);
  if (value === undefined || value === null) throw bad('MISSING_FIELD', `Invalid ${what}: the field '${key}' is required`);
  return value;
}

function text(value: unknown, key: string, what: string): string {
  if (typeof value !== 'string') throw bad('INVALID_FIELD', `Invalid ${what}: '${key}' must be a string but got ${describeValue(value)}`);
  return value;
}

function integer(value: unknown, key: string, options: { what: string; min: number }): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < options.min) {
    const rule = options.min === 1 ? '> 0' : `>= ${options.min}`;
    throw bad('INVALID_FIELD', `Invalid ${options.what}: '${key}' must be an integer ${rule} but got ${describeValue(value)}`);
  }
  return value;
}

const SPACE_REQUIRED_TEXT = ['description', 'oltp_namespace', 'olap_namespace', 'storage_namespace'] as const;
const SPACE_POSITIVE = ['cpu_limit', 'memory_limit', 'storage_limit', 'max_graph_number', 'max_role_number'] as const;
const SPACE_OPTIONAL_TEXT = ['operator_image_path', 'internal_algorithm_image_url'] as const;
const SPACE_KEYS = new Set<string>([
  'name', 'nickname', ...SPACE_REQUIRED_TEXT, ...SPACE_POSITIVE, ...SPACE_OPTIONAL_TEXT,
  'compute_cpu_limit', 'compute_memory_limit', 'auth', 'configs',
]);

/**
 * The settable fields of a graph space, validated.
 *
 * @example
 * ```ts
 * declare const s: GraphSpaceSettings; console.log(s.max_graph_number);
 * ```
 */
export type GraphSpaceSettings = Omit<GraphSpaceRecord, 'cpu_used' | 'memory_used' | 'storage_used' | 'graph_number_used' | 'role_number_used' | 'creator' | 'create_time' | 'update_time'>;

/**
 * Validates the fields of a graph space to create (or, with `previous`, the update map of one),
 * and fills the defaults. Unknown keys, missing required fields, wrong types and values out of
 * range are ArgumentError; on update, `auth` cannot be given and `name` cannot change.
 *
 * @example
 * ```ts
 * const settings = checkGraphSpaceInput({ name: 'gs1', description: '', cpu_limit: 4, memory_limit: 8, storage_limit: 100,
 *   oltp_namespace: 'o', olap_namespace: 'o', storage_namespace: 's', max_graph_number: 10, max_role_number: 10 });
 * ```
 */
export function checkGraphSpaceInput(input: Readonly<Record<string, unknown>>, previous?: GraphSpaceRecord): GraphSpaceSettings {
  const what = previous === undefined ? 'graph space' : `update of graph space '${previous.name}'`;
  for (const key of Object.keys(input)) {
    if (!SPACE_KEYS.has(key)) throw bad('UNKNOWN_FIELD', `Invalid ${what}: unknown field '${key}'`);
  }
  if (previous !== undefined && field(input, 'auth') !== undefined && field(input, 'auth') !== null) {
    throw bad('IMMUTABLE_FIELD', `Invalid ${what}: 'auth' is fixed at creation and cannot be updated`);
  }
  const name = previous === undefined ? checkTenancyName(required(input, 'name', what), 'graph space') : text(required(input, 'name', what), 'name', what);
  if (previous !== undefined && name !== previous.name) throw bad('IMMUTABLE_FIELD', `Invalid ${what}: the name cannot be changed (got '${name}')`);
  const out: Record<string, unknown> = { name };
  for (const key of SPACE_REQUIRED_TEXT) out[key] = text(required(input, key, what), key, what);
  for (const key of SPACE_POSITIVE) out[key] = integer(required(input, key, what), key, { what, min: 1 });
  for (const key of ['compute_cpu_limit', 'compute_memory_limit'] as const) {
    const value = field(input, key);
    out[key] = value === undefined || value === null ? (previous?.[key] ?? 0) : integer(value, key, { what, min: 0 });
  }
  for (const key of SPACE_OPTIONAL_TEXT) {
    const value = field(input, key);
    out[key] = value === undefined || value === null ? (previous?.[key] ?? '') : text(value, key, what);
  }
  const auth = previous?.auth ?? field(input, 'auth') ?? false;
  if (typeof auth !== 'boolean') throw bad('INVALID_FIELD', `Invalid ${what}: 'auth' must be a boolean but got ${describeValue(auth)}`);
  out.auth = auth;
  const configs = field(input, 'configs') ?? previous?.configs ?? {};
  if (typeof configs !== 'object' || configs === null || Array.isArray(configs)) {
    throw bad('INVALID_FIELD', `Invalid ${what}: 'configs' must be an object but got ${describeValue(configs)}`);
  }
  out.configs = configs;
  return out as unknown as GraphSpaceSettings;
}

const ROUTE_TYPES = ['ClusterIP', 'LoadBalancer', 'NodePort'] as const;
const SERVICE_KEYS = new Set(['name', 'type', 'description', 'count', 'cpu_limit', 'memory_limit', 'storage_limit', 'deployment_type', 'route_type', 'port', 'urls']);

/**
 * A validated service definition.
 *
 * @example
 * ```ts
 * declare const s: ServiceSettings; console.log(s.deployment_type);
 * ```
 */
export type ServiceSettings = Omit<ServiceRecord, 'running' | 'pd_service_id' | 'create_time'>;

function optionalPositive(input: Readonly<Record<string, unknown>>, key: string, fallback: number): number {
  const value = field(input, key);
  return value === undefined || value === null ? fallback : integer(value, key, { what: 'service', min: 1 });
}

/**
 * Validates a service definition (spec Part A 2.2): only OLTP services; K8S needs route_type and
 * port and takes no urls (an empty list counts as none); MANUAL needs urls and takes no
 * route_type (a port is ignored).
 *
 * @example
 * ```ts
 * checkServiceInput({ name: 's1', type: 'OLTP', description: '', deployment_type: 'MANUAL', urls: ['127.0.0.1:8080'] });
 * ```
 */
export function checkServiceInput(input: Readonly<Record<string, unknown>>): ServiceSettings {
  const what = 'service';
  for (const key of Object.keys(input)) {
    if (!SERVICE_KEYS.has(key)) throw bad('UNKNOWN_FIELD', `Invalid service: unknown field '${key}'`);
  }
  const name = checkTenancyName(required(input, 'name', what), 'service');
  const type = text(required(input, 'type', what), 'type', what);
  if (type !== 'OLTP') throw bad('INVALID_FIELD', `Invalid service: 'type' must be OLTP (only online serving services can be created) but got '${type}'`);
  const description = text(required(input, 'description', what), 'description', what);
  const deployment = text(required(input, 'deployment_type', what), 'deployment_type', what);
  if (deployment !== 'K8S' && deployment !== 'MANUAL') throw bad('INVALID_FIELD', `Invalid service: 'deployment_type' must be K8S or MANUAL but got '${deployment}'`);
  const route = field(input, 'route_type');
  const port = field(input, 'port');
  const urls = field(input, 'urls');
  const settings = {
    name, type: 'OLTP' as const, description,
    count: optionalPositive(input, 'count', 1),
    cpu_limit: optionalPositive(input, 'cpu_limit', 1),
    memory_limit: optionalPositive(input, 'memory_limit', 4),
    storage_limit: optionalPositive(input, 'storage_limit', 100),
  };
  if (deployment === 'K8S') {
    if (route === undefined || route === null) throw bad('MISSING_FIELD', "Invalid service: 'route_type' is required when deployment_type is K8S");
    if (!(ROUTE_TYPES as readonly unknown[]).includes(route)) throw bad('INVALID_FIELD', `Invalid service: 'route_type' must be one of ${ROUTE_TYPES.join(', ')} but got ${describeValue(route)}`);
    if (port === undefined || port === null) throw bad('MISSING_FIELD', "Invalid service: 'port' is required when deployment_type is K8S");
    // An empty list counts as absent: pyhugegraph's ServiceCreateParameters always sends `urls` (default []).
    if (urls !== undefined && urls !== null && !(Array.isArray(urls) && urls.length === 0)) {
      throw bad('INVALID_FIELD', "Invalid service: 'urls' must be absent (or empty) when deployment_type is K8S");
    }
    return { ...settings, deployment_type: 'K8S', route_type: route as ServiceRecord['route_type'], port: integer(port, 'port', { what, min: 1 }), urls: [] };
  }
  if (route !== undefined && route !== null) throw bad('INVALID_FIELD', "Invalid service: 'route_type' must be absent when deployment_type is MANUAL");
  if (urls === undefined || urls === null) throw bad('MISSING_FIELD', "Invalid service: 'urls' is required when deployment_type is MANUAL");
  if (!Array.isArray(urls) || urls.length === 0 || !urls.every((u) => typeof u === 'string' && u !== '')) {
    throw bad('INVALID_FIELD', `Invalid service: 'urls' must be a non-empty list of addresses but got ${describeValue(urls)}`);
  }
  return { ...settings, deployment_type: 'MANUAL', route_type: null, port: null, urls: [...(urls as string[])] };
}

/**
 * A timestamp in the shape `YYYY-MM-DD HH:MM:SS.mmm` (UTC): the `hugegraph` style of `formatDate`.
 *
 * @example
 * ```ts
 * formatTimestamp(new Date(0)); // '1970-01-01 00:00:00.000'
 * ```
 */
export function formatTimestamp(date: Date = new Date(recordClock())): string {
  return formatDate(date, 'hugegraph');
}

let recordClock: () => number = Date.now;

/**
 * The clock of the times server records keep (create and update times of graph spaces, graphs,
 * services, users, grants and tasks), in epoch milliseconds: the wall clock, unless a cluster
 * node set it to its log's (each change then has the time of its log entry on every node).
 */
export function recordTime(): number {
  return recordClock();
}

/**
 * Sets the clock of {@link recordTime} for the process (a cluster node's replication hooks).
 */
export function useRecordClock(now: () => number): void {
  recordClock = now;
}
