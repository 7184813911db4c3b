/**
 * Services for the call() step: the registry and the services TinkerGraph registers for the
 * TinkerPop test suite.
 * @module
 */
import { ServiceRegistry } from './service-registry.js';
import { textSearchService } from './text-search.js';
import { degreeCentralityService } from './degree-centrality.js';

export { ServiceRegistry, type Service } from './service-registry.js';
export { textSearchService } from './text-search.js';
export { degreeCentralityService } from './degree-centrality.js';

/**
 * A registry with TinkerGraph's services (`tinker.search`, `tinker.degree.centrality`).
 */
function tinkerServices(): ServiceRegistry {
  return new ServiceRegistry([textSearchService, degreeCentralityService]);
}

/**
 * The registry call() steps use.
 */
export const DEFAULT_SERVICES: ServiceRegistry = tinkerServices();
