/**
 * The worker-thread entry of computation jobs: piscina loads this file in each thread of the
 * pool and calls its default export with each task. It imports only the kernels.
 * @module
 */
import { runKernel } from './kernels.js';

export default runKernel;
