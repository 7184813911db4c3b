/**
 * The graph spaces of a server (spec Part A 2.1) with their settings, quotas and role counts,
 * in the durable document `<path>/server/spaces.json`. What a space uses is counted from its
 * graphs and services.
 * @module
 */
import { availableParallelism, totalmem } from 'node:os';
import { LimitError, NotFoundError } from '../../errors.js';
import type { StateFile } from '../durability/state-file.js';
import { checkGraphSpaceInput, DEFAULT_SPACE, formatTimestamp } from './tenancy.js';
import type { GraphSpaceRecord, GraphSpaceSettings } from './tenancy.js';
import type { ServiceUsage } from './space-services.js';

type StoredSpace = GraphSpaceSettings & Pick<GraphSpaceRecord, 'role_number_used' | 'creator' | 'create_time' | 'update_time'>;

/**
 * The spaces document; `initialised` is set once the first start has created DEFAULT and its
 * graph.
 */
export interface SpacesDocument {
  readonly initialised: boolean;
  readonly spaces: readonly StoredSpace[];
}

/** How a space's use is counted: its graphs and its services' resources. */
interface SpaceUsage {
  graphs(space: string): number;
  services(space: string): ServiceUsage;
}

/**
 * The graph space registry of a server.
 */
export class GraphSpaces {
  constructor(
    private readonly file: StateFile<SpacesDocument>,
    /** Throws unless the space is open (and the server state is). */
    private readonly requireSpace: (space: string) => void,
    private readonly usage: SpaceUsage,
  ) {}

  /** Whether the first start has completed. */
  get initialised(): boolean {
    return this.file.value.initialised;
  }

  /** Records DEFAULT on a first start (before its graph exists). */
  async seedDefault(): Promise<void> {
    if (this.file.value.initialised) return;
    const now = formatTimestamp();
    const space: StoredSpace = {
      name: DEFAULT_SPACE, description: 'The default graph space', cpu_limit: Math.max(availableParallelism(), 1),
      memory_limit: Math.max(Math.floor(totalmem() / 2 ** 30), 1), storage_limit: 1_000_000, compute_cpu_limit: 0, compute_memory_limit: 0,
      oltp_namespace: 'default', olap_namespace: 'default', storage_namespace: 'default', operator_image_path: '', internal_algorithm_image_url: '',
      max_graph_number: 1000, max_role_number: 1000, auth: true, configs: {}, role_number_used: 0, creator: 'admin', create_time: now, update_time: now,
    };
    await this.file.save({ initialised: false, spaces: [space] });
  }

  /** Marks the first start as complete. */
  /**
   * Turns permission checks on in the DEFAULT space of a data directory made before access
   * control existed (its `auth` was seeded false and meant nothing then): DEFAULT holds the
   * legacy family's graphs, where HugeGraph checks permissions server-wide.
   */
  async enforceDefault(): Promise<void> {
    const doc = this.file.value;
    if (doc.spaces.every((s) => s.name !== DEFAULT_SPACE || s.auth)) return;
    await this.file.save({ ...doc, spaces: doc.spaces.map((s) => (s.name === DEFAULT_SPACE ? { ...s, auth: true } : s)) });
  }

  /** Whether a graph space checks permissions (its `auth`, fixed at creation). */
  enforced(name: string): boolean {
    return this.stored(name).auth;
  }

  async markInitialised(): Promise<void> {
    await this.file.save({ ...this.file.value, initialised: true });
  }

  /** Names of all graph spaces, in creation order (no check that the state is open). */
  names(): string[] {
    return this.file.value.spaces.map((s) => s.name);
  }

  private stored(name: string): StoredSpace {
    this.requireSpace(name);
    const space = this.file.value.spaces.find((s) => s.name === name);
    if (space === undefined) throw new NotFoundError('SPACE_NOT_FOUND', `Graph space '${name}' does not exist`);
    return space;
  }

  /** The full record of a graph space with its used counters; NotFoundError `SPACE_NOT_FOUND`. */
  record(name: string): GraphSpaceRecord {
    const stored = this.stored(name);
    return { ...stored, ...this.usage.services(name), graph_number_used: this.usage.graphs(name), role_number_used: stored.role_number_used };
  }

  /** Records a new space from checked settings. */
  async add(settings: GraphSpaceSettings, creator: string): Promise<void> {
    const now = formatTimestamp();
    const doc = this.file.value;
    await this.file.save({ ...doc, spaces: [...doc.spaces, { ...settings, role_number_used: 0, creator, create_time: now, update_time: now }] });
  }

  /** Updates a space from the `update` map of spec §4.1; quotas cannot fall below what is in use. */
  async update(name: string, update: Readonly<Record<string, unknown>>): Promise<GraphSpaceRecord> {
    const previous = this.record(name);
    const settings = checkGraphSpaceInput(update, previous);
    const below = (key: string, limit: number, used: number): void => {
      if (limit < used) throw new LimitError('SPACE_QUOTA', `Cannot update graph space '${name}': ${key} ${limit} is below the ${used} in use`);
    };
    below('max_graph_number', settings.max_graph_number, previous.graph_number_used);
    below('max_role_number', settings.max_role_number, previous.role_number_used);
    below('cpu_limit', settings.cpu_limit, previous.cpu_used);
    below('memory_limit', settings.memory_limit, previous.memory_used);
    below('storage_limit', settings.storage_limit, previous.storage_used);
    const doc = this.file.value;
    const spaces = doc.spaces.map((s) => (s.name === name ? { ...s, ...settings, update_time: formatTimestamp() } : s));
    await this.file.save({ ...doc, spaces });
    return this.record(name);
  }

  /** Forgets a deleted space. */
  async remove(name: string): Promise<void> {
    const doc = this.file.value;
    await this.file.save({ ...doc, spaces: doc.spaces.filter((s) => s.name !== name) });
  }

  /** Takes (or with a negative `delta` gives back) roles of a space's max_role_number quota. */
  async countRoles(space: string, delta: number): Promise<void> {
    const stored = this.stored(space);
    const used = Math.max(0, stored.role_number_used + delta);
    if (delta > 0 && used > stored.max_role_number) {
      throw new LimitError('SPACE_QUOTA', `Cannot add a role to graph space '${space}': max_role_number ${stored.max_role_number} is reached`);
    }
    const doc = this.file.value;
    await this.file.save({ ...doc, spaces: doc.spaces.map((s) => (s.name === space ? { ...s, role_number_used: used } : s)) });
  }

  /** Writes pending changes. */
  flush(): Promise<void> {
    return this.file.flush();
  }
}
