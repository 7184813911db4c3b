/**
 * Batch size of the executor: traversers gathered before a batched neighbour scan, and units
 * of work between two cancellation and deadline checks.
 * @module
 */

/**
 * Traversers per batch, and between two cancellation checks.
 */
export const BATCH_SIZE = 256;
