/**
 * Scale-out on etcd (docs/cluster.md): `quiver serve --etcd` loads this layer with a dynamic
 * import, so a single node never loads etcd's client.
 * @module
 */
export { joinCluster } from './cluster-node.js';
export type { ClusterNode, ClusterOptions } from './cluster-node.js';
