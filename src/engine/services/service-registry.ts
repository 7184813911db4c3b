/**
 * The service registry behind the call() step, after TinkerPop's ServiceRegistry: named
 * services that either start a traversal (Start) or run once per traverser (Streaming), plus
 * the directory service `--list` that lists or describes them.
 * @module
 */
import { ArgumentError, PlanError } from '../../errors.js';
import type { Runtime } from '../runtime/runtime.js';
import type { Traverser } from '../runtime/traverser.js';

/**
 * How a service runs: `start` services begin a traversal (`g.call(...)`), `streaming` services
 * map each incoming traverser to results (`g.V().call(...)`).
 */
type ServiceType = 'start' | 'streaming';

/**
 * A callable service.
 */
export interface Service {
  readonly name: string;
  readonly type: ServiceType;
  /** Parameter names with a description, as `--list` with `verbose` shows them. */
  readonly params: Readonly<Record<string, string>>;
  /** Runs the service; `input` is the incoming traverser (the start seed for start services). */
  execute(rt: Runtime, input: Traverser, params: ReadonlyMap<unknown, unknown>): Iterable<unknown>;
}

/**
 * Name of the directory service, which lists the registered services.
 */
const DIRECTORY_SERVICE = '--list';

/**
 * Registered services by name.
 */
export class ServiceRegistry {
  readonly #services = new Map<string, Service>();

  constructor(services: readonly Service[] = []) {
    for (const s of services) this.register(s);
  }

  /** Adds a service; a name already taken throws ArgumentError SERVICE_EXISTS. */
  register(service: Service): void {
    if (this.#services.has(service.name) || service.name === DIRECTORY_SERVICE) {
      throw new ArgumentError('SERVICE_EXISTS', `Cannot register service '${service.name}': the name is taken`);
    }
    this.#services.set(service.name, service);
  }

  /** Names of the registered services, in registration order. */
  names(): string[] {
    return [...this.#services.keys()];
  }

  /**
   * The service for a call() step, checked against where it runs: an unknown name throws
   * PlanError UNKNOWN_SERVICE, a start-only service mid-traversal or a streaming service at the
   * start throws PlanError SERVICE_TYPE. Undefined is the directory service.
   */
  resolve(name: string | undefined, atStart: boolean): Service | undefined {
    if (name === undefined || name === DIRECTORY_SERVICE) return undefined;
    const service = this.#services.get(name);
    if (service === undefined) throw new PlanError('UNKNOWN_SERVICE', `Unrecognized service: ${name}`);
    if (service.type === 'start' && !atStart) throw new PlanError('SERVICE_TYPE', `Service '${name}' can only start a traversal: it cannot be used mid-traversal`);
    if (service.type === 'streaming' && atStart) throw new PlanError('SERVICE_TYPE', `Service '${name}' cannot start a traversal`);
    return service;
  }

  /** The directory service: service names, or JSON descriptions with `verbose`; `service` picks one. */
  list(params: ReadonlyMap<unknown, unknown>): string[] {
    const only = params.get('service');
    const verbose = params.get('verbose') === true;
    const out: string[] = [];
    for (const s of this.#services.values()) {
      if (only !== undefined && only !== null && s.name !== only) continue;
      out.push(verbose ? JSON.stringify({ name: s.name, type: s.type, params: s.params }) : s.name);
    }
    return out;
  }
}
