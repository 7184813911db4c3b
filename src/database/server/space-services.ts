/**
 * The services of every graph space (spec Part A 2.2), in the durable document
 * `<path>/server/services.json`. As in HugeGraph (GraphSpace.tryOfferResourceFor), only K8S
 * services take resources of their space: cpu_limit × count and memory_limit × count count
 * against the space's cpu and memory limits. A MANUAL service runs on machines the space does not
 * manage and takes none, and no service is charged storage.
 * @module
 */
import { ConflictError, LimitError, NotFoundError } from '../../errors.js';
import type { StateFile } from '../durability/state-file.js';
import { checkServiceInput, formatTimestamp } from './tenancy.js';
import type { GraphSpaceRecord, ServiceRecord } from './tenancy.js';

/**
 * The services document.
 */
export interface ServicesDocument {
  readonly services: readonly (ServiceRecord & { readonly space: string })[];
}

/**
 * What the services of a space use of its quotas.
 */
export interface ServiceUsage {
  readonly cpu_used: number;
  readonly memory_used: number;
  readonly storage_used: number;
}

/** Whether a service takes resources of its space: only a K8S one does (HugeGraph's rule). */
function takesResources(service: Pick<ServiceRecord, 'deployment_type'>): boolean {
  return service.deployment_type === 'K8S';
}

/**
 * The service registry of a server.
 */
export class ServiceRegistry {
  constructor(
    private readonly file: StateFile<ServicesDocument>,
    /** Throws unless the space exists (and the server state is open). */
    private readonly requireSpace: (space: string) => void,
  ) {}

  private inSpace(space: string): (ServiceRecord & { readonly space: string })[] {
    return this.file.value.services.filter((s) => s.space === space);
  }

  /** Names of the services of a space. */
  names(space: string): string[] {
    this.requireSpace(space);
    return this.inSpace(space).map((s) => s.name);
  }

  /** A service record; NotFoundError `SERVICE_NOT_FOUND` when absent. */
  get(space: string, name: string): ServiceRecord {
    this.requireSpace(space);
    const found = this.file.value.services.find((s) => s.space === space && s.name === name);
    if (found === undefined) throw new NotFoundError('SERVICE_NOT_FOUND', `Service '${name}' does not exist in graph space '${space}'`);
    const { space: _s, ...record } = found;
    return record;
  }

  /** The resources the services of a space hold: its K8S services' cpu and memory; storage is not charged. */
  usage(space: string): ServiceUsage {
    const services = this.inSpace(space).filter(takesResources);
    const sum = (f: (s: ServiceRecord) => number): number => services.reduce((n, s) => n + f(s), 0);
    return { cpu_used: sum((s) => s.count * s.cpu_limit), memory_used: sum((s) => s.count * s.memory_limit), storage_used: 0 };
  }

  /** Registers a service in a space whose record (`quota`) a K8S service's cpu and memory must fit in. */
  async create(space: string, input: Readonly<Record<string, unknown>>, quota: GraphSpaceRecord): Promise<ServiceRecord> {
    const settings = checkServiceInput(input);
    if (this.names(space).includes(settings.name)) throw new ConflictError('SPACE_SERVICE_EXISTS', `The service '${settings.name}' has existed`);
    const need = (key: 'cpu' | 'memory', amount: number): void => {
      const limit = quota[`${key}_limit`];
      const used = quota[`${key}_used`];
      if (used + amount > limit) {
        throw new LimitError('SPACE_QUOTA', `Cannot create service '${settings.name}': it needs ${key} ${amount} but graph space '${space}' has ${limit - used} of ${limit} left`);
      }
    };
    if (takesResources(settings)) {
      need('cpu', settings.count * settings.cpu_limit);
      need('memory', settings.count * settings.memory_limit);
    }
    const service: ServiceRecord = { ...settings, running: 0, pd_service_id: `${space}/${settings.name}`, create_time: formatTimestamp() };
    await this.file.save({ services: [...this.file.value.services, { ...service, space }] });
    return service;
  }

  /** Removes a service; NotFoundError `SERVICE_NOT_FOUND` when absent. */
  async delete(space: string, name: string): Promise<void> {
    this.get(space, name);
    await this.file.save({ services: this.file.value.services.filter((s) => !(s.space === space && s.name === name)) });
  }

  /** Removes every service of a deleted space. */
  async removeSpace(space: string): Promise<void> {
    await this.file.save({ services: this.file.value.services.filter((s) => s.space !== space) });
  }

  /** Writes pending changes. */
  flush(): Promise<void> {
    return this.file.flush();
  }
}
