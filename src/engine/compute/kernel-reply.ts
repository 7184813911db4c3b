/**
 * What a compute kernel answers: a few aggregates for the driver (an L1 change, a count) and,
 * for kernels that enumerate (cycles), a flat Int32Array of items.
 * @module
 */

/**
 * A kernel's reply, small enough to post back: `sums` are per-task aggregates the driver adds
 * up; `items` is a flat encoding the driver decodes (rings: length then vertices, per cycle).
 */
export interface KernelReply {
  readonly sums: readonly number[];
  readonly items?: Int32Array;
}
