/**
 * The engine layer: plan model, steps, strategies, executor and the GraphSource port.
 * Other layers import only from this file.
 * @module
 */
export * from './values.js';
export * from './port.js';
export * from './bytecode.js';
export * from './script.js';
