/**
 * How a graph's store is set up from its configuration and brought up to date from its log.
 * @module
 */
import type { GraphMode, GraphStore, StoreConfig } from '../../storage/index.js';
import type { GraphConfig } from '../graph/config.js';
import type { ReadMode, WalRecord } from './records.js';
import { applyVariableChange } from '../graph/variable-values.js';
import type { VariableValue } from '../graph/variable-values.js';

/**
 * Store options derived from a graph configuration.
 */
export function storeConfigOf(config: GraphConfig): StoreConfig {
  return {
    autoCreate: config['schema.auto_create'],
    vertexTxCapacity: config['vertex.tx_capacity'],
    edgeTxCapacity: config['edge.tx_capacity'],
    checkCustomizedIdExist: config['vertex.check_customized_id_exist'],
  };
}

/**
 * What recovery brings up to date beside the store: the graph's modes and variables.
 */
interface RecoveredState {
  readonly modes: { mode: GraphMode; readMode: ReadMode };
  readonly variables: Map<string, VariableValue>;
}

/**
 * Re-applies one recovered WAL record to a store, the modes or the variables (used by recovery, in log order).
 */
export function applyRecord(store: GraphStore, at: { readonly record: WalRecord } & RecoveredState): void {
  const { record, modes } = at;
  if (record.type === 'data') store.replay(record.log);
  else if (record.type === 'schema') store.applySchemaChange(record.change);
  else if (record.type === 'expire') store.expire(record.now);
  else if (record.type === 'variables') applyVariableChange(at.variables, record.change);
  else {
    modes.mode = record.modes.mode;
    modes.readMode = record.modes.readMode;
  }
}
