/**
 * `tinker.degree.centrality`, TinkerGraph's demo streaming service: the number of edges of each
 * incoming vertex in a direction (IN unless `direction` says otherwise), as a Long.
 * @module
 */
import { ArgumentError } from '../../errors.js';
import { EnumValue } from '../bytecode.js';
import type { Direction } from '../../values/index.js';
import { asVertex } from '../steps/helpers/step-elements.js';
import { long } from '../steps/helpers/step-values.js';
import type { Service } from './service-registry.js';

function direction(v: unknown): Direction {
  if (v === undefined || v === null) return 'IN';
  const name = v instanceof EnumValue && v.type === 'Direction' ? v.name : v;
  if (name === 'OUT' || name === 'IN' || name === 'BOTH') return name;
  if (name === 'from' || name === 'to') return name === 'from' ? 'OUT' : 'IN';
  throw new ArgumentError('SERVICE_PARAMS', `Invalid direction for tinker.degree.centrality: ${String(v)}`);
}

/**
 * The `tinker.degree.centrality` service. Parameter: `direction` (Direction.IN by default).
 */
export const degreeCentralityService: Service = {
  name: 'tinker.degree.centrality',
  type: 'streaming',
  params: { direction: 'Specify the edge direction (optional), default is Direction.IN' },
  *execute(rt, input, params) {
    const degree = rt.source.degree(asVertex(input.value, 'call').slot, direction(params.get('direction')));
    for (let i = 0; i < input.bulk; i++) yield long(degree);
  },
};
