/**
 * Services for the call() step: the registry and the services TinkerGraph registers for the
 * TinkerPop test suite.
 * @module
 */
import { ServiceRegistry } from './service-registry.js';
import { textSearchService } from './text-search.js';
import { degreeCentralityService } from './degree-centrality.js';

export { ServiceRegistry, DIRECTORY_SERVICE, type Service, type ServiceType } from './service-registry.js';
export { textSearchService } from './text-search.js';
export { degreeCentralityService } from './degree-centrality.js';

/**
 * A registry with TinkerGraph's services (`tinker.search`, `tinker.degree.centrality`).
 *
 * @example
 * ```ts
 * tinkerServices().names();   // ['tinker.search', 'tinker.degree.centrality']
 * ```
 */
export function tinkerServices(): ServiceRegistry {
  return new ServiceRegistry([textSearchService, degreeCentralityService]);
}

/**
 * The registry call() steps use.
 *
 * @example
 * ```ts
 * DEFAULT_SERVICES.list(new Map());   // ['tinker.search', 'tinker.degree.centrality']
 * ```
 */
export const DEFAULT_SERVICES: ServiceRegistry = tinkerServices();
