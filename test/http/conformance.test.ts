/**
 * The conformance table of spec Part A (graph spaces, services, graphs, legacy forms, schema,
 * tasks, authentication, and the HTTP rules of the issue): one row per rule, request →
 * expected status and body fields. Rows run in order against one in-memory server, so a row
 * may rely on what earlier rows created.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASIC, graphBody, spaceBody, testServer } from './helpers.js';

interface Row {
  readonly rule: string;
  readonly method: string;
  readonly url: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly status: number;
  /** Suffix of the `exception` field of an error body. */
  readonly exception?: string;
  /** Pattern the error message must match. */
  readonly message?: RegExp;
  /** Top-level fields the JSON body must hold, compared deeply. */
  readonly fields?: Record<string, unknown>;
  /** Top-level keys the JSON body must have. */
  readonly keys?: readonly string[];
  /** Further checks on the JSON body. */
  readonly check?: (json: any) => void;
}

const IAE = 'IllegalArgumentException';
const NF = 'NotFoundException';
const GS = '/graphspaces/cs';
const G = `${GS}/graphs/g1`;
const S = `${G}/schema`;
const manual = { name: 'svc1', type: 'OLTP', description: 'manual one', deployment_type: 'MANUAL', urls: ['10.0.0.1:8080'] };
const k8s = { name: 'svc2', type: 'OLTP', description: 'k8s one', deployment_type: 'K8S', route_type: 'NodePort', port: 30080 };

export const ROWS: readonly Row[] = [
  // authentication (§5, notes §2.2)
  { rule: 'auth: /versions needs no credentials', method: 'GET', url: '/versions', headers: { authorization: '' }, status: 200, keys: ['versions'] },
  { rule: 'auth: a request without credentials is 401', method: 'GET', url: '/graphspaces', headers: { authorization: '' }, status: 401, exception: 'NotAuthorizedException', message: /credentials are required/ },
  { rule: 'auth: a wrong password is 401', method: 'GET', url: '/graphspaces', headers: { authorization: `Basic ${Buffer.from('admin:nope1').toString('base64')}` }, status: 401, exception: 'NotAuthorizedException' },
  { rule: 'auth: Basic without user:password is 400', method: 'GET', url: '/graphspaces', headers: { authorization: `Basic ${Buffer.from('admin').toString('base64')}` }, status: 400, message: /Invalid syntax/ },
  { rule: 'auth: another scheme is 400', method: 'GET', url: '/graphspaces', headers: { authorization: 'Digest x' }, status: 400, message: /Only HTTP Basic or Bearer/ },
  { rule: 'auth: an invalid bearer token is 401', method: 'GET', url: '/graphspaces', headers: { authorization: 'Bearer a.b.c' }, status: 401 },
  { rule: 'auth: login without a password is 400', method: 'POST', url: '/auth/login', body: { user_name: 'admin' }, status: 400, exception: IAE },
  { rule: 'auth: login with a wrong password is 401', method: 'POST', url: '/auth/login', body: { user_name: 'admin', user_password: 'wrong1' }, status: 401 },
  { rule: 'auth: login returns a token', method: 'POST', url: '/auth/login', body: { user_name: 'admin', user_password: 'secret1', token_expire: 60 }, status: 200, keys: ['token'] },
  { rule: 'auth: verify names the user', method: 'GET', url: '/auth/verify', status: 200, fields: { user_name: 'admin', user_id: 'admin' } },
  // graph spaces (2.1, §4.1, §8)
  { rule: 'space: DEFAULT exists from the first start', method: 'GET', url: '/graphspaces', status: 200, fields: { graphSpaces: ['DEFAULT'] } },
  { rule: 'space: create returns 201 and the full record with used counters', method: 'POST', url: '/graphspaces', body: spaceBody('cs'), status: 201,
    fields: { name: 'cs', compute_cpu_limit: 0, compute_memory_limit: 0, auth: false, graph_number_used: 0, role_number_used: 0, cpu_used: 0, memory_used: 0, storage_used: 0 } },
  { rule: 'space: a taken name is 400', method: 'POST', url: '/graphspaces', body: spaceBody('cs'), status: 400, exception: 'ExistedException', message: /has existed/ },
  { rule: 'space: upper-case name is 400', method: 'POST', url: '/graphspaces', body: spaceBody('Cs'), status: 400, exception: IAE, message: /lowercase/ },
  { rule: 'space: name starting with a digit is 400', method: 'POST', url: '/graphspaces', body: spaceBody('1cs'), status: 400, exception: IAE },
  { rule: 'space: name of 49 characters is 400', method: 'POST', url: '/graphspaces', body: spaceBody(`a${'b'.repeat(48)}`), status: 400, exception: IAE },
  { rule: 'space: name of 48 characters is accepted', method: 'POST', url: '/graphspaces', body: spaceBody(`a${'b'.repeat(47)}`), status: 201 },
  { rule: 'space: a missing required field is 400', method: 'POST', url: '/graphspaces', body: { ...spaceBody('cs2'), olap_namespace: undefined }, status: 400, message: /olap_namespace/ },
  { rule: 'space: cpu_limit must be > 0', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { cpu_limit: 0 }), status: 400, message: /cpu_limit/ },
  { rule: 'space: memory_limit must be > 0', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { memory_limit: -1 }), status: 400, message: /memory_limit/ },
  { rule: 'space: storage_limit must be > 0', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { storage_limit: 0 }), status: 400, message: /storage_limit/ },
  { rule: 'space: max_graph_number must be > 0', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { max_graph_number: 0 }), status: 400, message: /max_graph_number/ },
  { rule: 'space: max_role_number must be > 0', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { max_role_number: 0 }), status: 400, message: /max_role_number/ },
  { rule: 'space: compute_cpu_limit must be >= 0', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { compute_cpu_limit: -1 }), status: 400, message: /compute_cpu_limit/ },
  { rule: 'space: compute_memory_limit must be >= 0', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { compute_memory_limit: -2 }), status: 400, message: /compute_memory_limit/ },
  { rule: 'space: a non-integer limit is 400', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { cpu_limit: 1.5 }), status: 400 },
  { rule: 'space: an unknown field is 400', method: 'POST', url: '/graphspaces', body: spaceBody('cs2', { colour: 'red' }), status: 400, message: /unknown field 'colour'/ },
  { rule: 'space: list holds the new space', method: 'GET', url: '/graphspaces', status: 200, fields: { graphSpaces: ['DEFAULT', 'cs', `a${'b'.repeat(47)}`] } },
  { rule: 'space: read returns the record', method: 'GET', url: GS, status: 200, fields: { name: 'cs', max_graph_number: 2 } },
  { rule: 'space: an unknown space is 404', method: 'GET', url: '/graphspaces/nope', status: 404, exception: NF },
  { rule: 'space: update needs action update', method: 'PUT', url: GS, body: { action: 'change', update: spaceBody('cs') }, status: 400 },
  { rule: 'space: update needs the update map', method: 'PUT', url: GS, body: { action: 'update' }, status: 400 },
  { rule: 'space: auth cannot be updated', method: 'PUT', url: GS, body: { action: 'update', update: spaceBody('cs', { auth: true }) }, status: 400, message: /auth/ },
  { rule: 'space: the name cannot be changed', method: 'PUT', url: GS, body: { action: 'update', update: spaceBody('cs9') }, status: 400, message: /name cannot be changed/ },
  { rule: 'space: update needs every required field', method: 'PUT', url: GS, body: { action: 'update', update: { name: 'cs', description: 'x' } }, status: 400 },
  { rule: 'space: update returns the full record', method: 'PUT', url: GS, body: { action: 'update', update: spaceBody('cs', { description: 'changed' }) }, status: 200, fields: { description: 'changed', auth: false } },
  { rule: 'space: DEFAULT cannot be deleted', method: 'DELETE', url: '/graphspaces/DEFAULT', status: 400 },
  { rule: 'space: deleting an unknown space is 404', method: 'DELETE', url: '/graphspaces/nope', status: 404 },
  // services (2.2, §4.2)
  { rule: 'service: MANUAL with urls is 201 with the defaults', method: 'POST', url: `${GS}/services`, body: manual, status: 201,
    fields: { name: 'svc1', type: 'OLTP', count: 1, cpu_limit: 1, memory_limit: 4, storage_limit: 100, deployment_type: 'MANUAL', urls: ['10.0.0.1:8080'], running: 0, route_type: null } },
  { rule: 'service: K8S records route, port and count', method: 'POST', url: `${GS}/services`, body: { ...k8s, count: 2 }, status: 201, fields: { route_type: 'NodePort', port: 30080, count: 2, deployment_type: 'K8S' } },
  { rule: 'service: used counters follow the K8S services only (cpu × count, memory × count; storage is not charged)', method: 'GET', url: GS, status: 200, fields: { cpu_used: 2, memory_used: 8, storage_used: 0 } },
  { rule: 'service: only OLTP may be created', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc3', type: 'OLAP' }, status: 400, message: /OLTP/ },
  { rule: 'service: deployment_type is required', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc3', deployment_type: undefined }, status: 400, message: /deployment_type/ },
  { rule: 'service: deployment_type is K8S or MANUAL', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc3', deployment_type: 'DOCKER' }, status: 400, message: /K8S or MANUAL/ },
  { rule: 'service: K8S needs route_type', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc3', route_type: undefined }, status: 400, message: /route_type/ },
  { rule: 'service: route_type is ClusterIP, LoadBalancer or NodePort', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc3', route_type: 'Ingress' }, status: 400, message: /route_type/ },
  { rule: 'service: K8S needs port', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc3', port: undefined }, status: 400, message: /port/ },
  { rule: 'service: port must be > 0', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc3', port: 0 }, status: 400, message: /port/ },
  { rule: 'service: K8S takes no urls', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc3', urls: ['x'] }, status: 400, message: /urls/ },
  { rule: 'service: MANUAL takes no route_type', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc3', route_type: 'NodePort' }, status: 400, message: /route_type/ },
  { rule: 'service: MANUAL needs urls', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc3', urls: undefined }, status: 400, message: /urls/ },
  { rule: 'service: MANUAL ignores port', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc3', port: 1234 }, status: 201, fields: { port: null } },
  { rule: 'service: count must be > 0', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc4', count: 0 }, status: 400, message: /count/ },
  { rule: 'service: the naming rule applies', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'Svc4' }, status: 400, message: /lowercase/ },
  { rule: 'service: a taken name is 400', method: 'POST', url: `${GS}/services`, body: manual, status: 400, exception: 'ExistedException' },
  { rule: 'service: the space cpu limit is enforced on K8S services', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc5', cpu_limit: 7 }, status: 400, exception: 'LimitExceedException', message: /needs cpu 7/ },
  { rule: 'service: the space memory limit is enforced on K8S services (memory × count)', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc5', memory_limit: 3, count: 3 }, status: 400, exception: 'LimitExceedException', message: /needs memory 9/ },
  { rule: 'service: a MANUAL service takes none of the space\'s resources (cpu 7 beside 2 used of 8)', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc5', cpu_limit: 7, memory_limit: 100 }, status: 201 },
  { rule: 'service: a MANUAL service leaves the used counters unchanged', method: 'GET', url: GS, status: 200, fields: { cpu_used: 2, memory_used: 8, storage_used: 0 } },
  { rule: 'service: a space with storage_limit 16 ...', method: 'POST', url: '/graphspaces', body: spaceBody('small', { storage_limit: 16 }), status: 201 },
  { rule: '... takes a MANUAL service with the default storage_limit 100', method: 'POST', url: '/graphspaces/small/services', body: manual, status: 201, fields: { storage_limit: 100 } },
  { rule: '... and a K8S one: storage_limit is not charged', method: 'POST', url: '/graphspaces/small/services', body: { ...k8s, storage_limit: 500 }, status: 201, fields: { storage_limit: 500 } },
  { rule: 'service: a K8S service\'s empty urls list counts as none counts as none (pyhugegraph ServiceCreateParameters sends every field)', method: 'POST', url: '/graphspaces/small/services',
    body: { name: 'k8s2', description: '', type: 'OLTP', count: 1, cpu_limit: 1, memory_limit: 4, storage_limit: 100, route_type: 'ClusterIP', port: 8080, urls: [], deployment_type: 'K8S' }, status: 201, fields: { urls: [] } },
  { rule: '... whose used counters show the K8S services only', method: 'GET', url: '/graphspaces/small', status: 200, fields: { cpu_used: 2, memory_used: 8, storage_used: 0 } },
  { rule: '... and whose storage_limit may go down to 1', method: 'PUT', url: '/graphspaces/small', body: { action: 'update', update: spaceBody('small', { storage_limit: 1 }) }, status: 200, fields: { storage_limit: 1 } },
  { rule: 'service: the small space is deleted again', method: 'DELETE', url: '/graphspaces/small', status: 204 },
  { rule: 'service: list returns names', method: 'GET', url: `${GS}/services`, status: 200, fields: { services: ['svc1', 'svc2', 'svc3', 'svc5'] } },
  { rule: 'service: read returns the record', method: 'GET', url: `${GS}/services/svc2`, status: 200, fields: { name: 'svc2', port: 30080 } },
  { rule: 'service: an unknown service is 404', method: 'GET', url: `${GS}/services/nope`, status: 404 },
  { rule: 'service: delete needs confirm_message', method: 'DELETE', url: `${GS}/services/svc3`, status: 400 },
  { rule: 'service: delete needs the exact confirm text', method: 'DELETE', url: `${GS}/services/svc3?confirm_message=yes`, status: 400, message: /I'm sure to delete the service/ },
  { rule: 'service: delete with the confirm text is 204', method: 'DELETE', url: `${GS}/services/svc3?confirm_message=${encodeURIComponent("I'm sure to delete the service")}`, status: 204 },
  // graphs (2.3, §4.3)
  { rule: 'graph: create is 201 with name, backend, description', method: 'POST', url: G, body: graphBody('g1', { description: 'first' }), status: 201, fields: { name: 'g1', backend: 'hstore', description: 'first' } },
  { rule: 'graph: backend is required', method: 'POST', url: `${GS}/graphs/g2`, body: { serializer: 'binary', store: 'g2' }, status: 400, message: /backend/ },
  { rule: 'graph: serializer is required', method: 'POST', url: `${GS}/graphs/g2`, body: { backend: 'hstore', store: 'g2' }, status: 400, message: /serializer/ },
  { rule: 'graph: store is required', method: 'POST', url: `${GS}/graphs/g2`, body: { backend: 'hstore', serializer: 'binary' }, status: 400, message: /store/ },
  { rule: 'graph: backend must be hstore (or memory)', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { backend: 'rocksdb' }), status: 400, message: /backend/ },
  { rule: 'graph: serializer must be binary', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { serializer: 'text' }), status: 400, message: /serializer/ },
  { rule: 'graph: store must equal the graph name', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { store: 'other' }), status: 400, message: /store/ },
  { rule: 'graph: rate_limit.read in [0, 2^31-1)', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'rate_limit.read': -1 }), status: 400, message: /rate_limit.read/ },
  { rule: 'graph: rate_limit.write in [0, 2^31-1)', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'rate_limit.write': 2 ** 31 - 1 }), status: 400, message: /rate_limit.write/ },
  { rule: 'graph: vertex.tx_capacity >= 500', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'vertex.tx_capacity': 499 }), status: 400, message: /vertex.tx_capacity/ },
  { rule: 'graph: edge.tx_capacity < 1000000', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'edge.tx_capacity': 1000000 }), status: 400, message: /edge.tx_capacity/ },
  { rule: 'graph: task.input_size_limit < 1 GiB', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'task.input_size_limit': 1024 ** 3 }), status: 400, message: /task.input_size_limit/ },
  { rule: 'graph: task.scheduler_type is local or etcd', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'task.scheduler_type': 'cron' }), status: 400, message: /task.scheduler_type/ },
  { rule: 'graph: search.text_analyzer is one of the list', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'search.text_analyzer': 'lucene' }), status: 400, message: /search.text_analyzer/ },
  { rule: 'graph: the analyzer mode must suit the analyzer', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'search.text_analyzer': 'ansj', 'search.text_analyzer_mode': 'INDEX' }), status: 400, message: /text_analyzer_mode/ },
  { rule: 'graph: virtual_graph_batch_size < 65535', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'graph.virtual_graph_batch_size': 65535 }), status: 400, message: /virtual_graph_batch_size/ },
  { rule: 'graph: schema.illegal_name_regex must be a regex', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'schema.illegal_name_regex': '(' }), status: 400, message: /illegal_name_regex/ },
  { rule: 'graph: an unknown key is 400', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { 'rocksdb.data_path': '/x' }), status: 400, message: /Unknown config key/ },
  { rule: 'graph: the graph naming rule applies', method: 'POST', url: `${GS}/graphs/G2`, body: graphBody('G2'), status: 400, message: /graph name/ },
  { rule: 'graph: a taken name is 400', method: 'POST', url: G, body: graphBody('g1'), status: 400, exception: 'ExistedException' },
  { rule: 'graph: an unknown space is 404', method: 'POST', url: '/graphspaces/nope/graphs/g2', body: graphBody('g2'), status: 404 },
  { rule: 'graph: memory backend is accepted', method: 'POST', url: `${GS}/graphs/g2`, body: graphBody('g2', { backend: 'memory' }), status: 201, fields: { backend: 'memory' } },
  { rule: 'graph: max_graph_number is enforced', method: 'POST', url: `${GS}/graphs/g3`, body: graphBody('g3'), status: 400, exception: 'LimitExceedException', message: /max_graph_number/ },
  { rule: 'graph: graph_number_used counts graphs', method: 'GET', url: GS, status: 200, fields: { graph_number_used: 2 } },
  { rule: 'space: max_graph_number cannot fall below graphs in use', method: 'PUT', url: GS, body: { action: 'update', update: spaceBody('cs', { max_graph_number: 1 }) }, status: 400, message: /max_graph_number/ },
  { rule: 'graph: list returns names', method: 'GET', url: `${GS}/graphs`, status: 200, fields: { graphs: ['g1', 'g2'] } },
  { rule: 'graph: read returns name, backend, description', method: 'GET', url: G, status: 200, fields: { name: 'g1', backend: 'hstore', description: 'first' } },
  { rule: 'graph: an unknown graph is 404', method: 'GET', url: `${GS}/graphs/nope`, status: 404, exception: NF },
  { rule: 'graph: conf holds the 2.3 record', method: 'GET', url: `${G}/conf`, status: 200,
    fields: { 'search.text_analyzer': 'jieba', 'search.text_analyzer_mode': 'INDEX', serializer: 'binary', backend: 'hstore', store: 'g1', 'gremlin.graph': 'org.apache.hugegraph.HugeFactory' }, keys: ['pd.peers'] },
  { rule: 'graph: mode is NONE by default', method: 'GET', url: `${G}/mode`, status: 200, fields: { mode: 'NONE' } },
  { rule: 'graph: mode LOADING cannot be set', method: 'PUT', url: `${G}/mode`, body: 'LOADING', status: 400 },
  { rule: 'graph: mode RESTORING can be set', method: 'PUT', url: `${G}/mode`, body: 'RESTORING', status: 200, fields: { mode: 'RESTORING' } },
  { rule: 'graph: mode NONE can be set back', method: 'PUT', url: `${G}/mode`, body: 'NONE', status: 200, fields: { mode: 'NONE' } },
  { rule: 'graph: read mode is OLTP_ONLY by default', method: 'GET', url: `${G}/graph_read_mode`, status: 200, fields: { graph_read_mode: 'OLTP_ONLY' } },
  { rule: 'graph: read mode takes ALL or OLTP_ONLY only', method: 'PUT', url: `${G}/graph_read_mode`, body: 'OLAP_ONLY', status: 400 },
  { rule: 'graph: read mode ALL can be set', method: 'PUT', url: `${G}/graph_read_mode`, body: 'ALL', status: 200, fields: { graph_read_mode: 'ALL' } },
  { rule: 'graph: clear needs clear_schema', method: 'PUT', url: G, body: { action: 'clear' }, status: 400 },
  { rule: 'graph: clear needs action clear', method: 'PUT', url: G, body: { action: 'drop', clear_schema: false }, status: 400 },
  // schema (2.4, §4.4)
  { rule: 'schema: property key create is 202 with the record', method: 'POST', url: `${S}/propertykeys`, body: { name: 'name', data_type: 'TEXT', cardinality: 'SINGLE' }, status: 202,
    fields: { id: 1, name: 'name', data_type: 'TEXT', cardinality: 'SINGLE', properties: [], aggregate_type: 'NONE', write_type: 'OLTP', status: 'CREATED' } },
  { rule: 'schema: data_type and cardinality default to string/single', method: 'POST', url: `${S}/propertykeys`, body: { name: 'city' }, status: 202, fields: { data_type: 'TEXT', cardinality: 'SINGLE' } },
  { rule: 'schema: lower-case data types are accepted', method: 'POST', url: `${S}/propertykeys`, body: { name: 'age', data_type: 'int', cardinality: 'single' }, status: 202, fields: { data_type: 'INT' } },
  { rule: 'schema: an unknown data type is 400', method: 'POST', url: `${S}/propertykeys`, body: { name: 'x', data_type: 'money' }, status: 400 },
  { rule: 'schema: an illegal name is 400', method: 'POST', url: `${S}/propertykeys`, body: { name: '~x' }, status: 400 },
  { rule: 'schema: a clashing property key is 400', method: 'POST', url: `${S}/propertykeys`, body: { name: 'age', data_type: 'TEXT' }, status: 400 },
  { rule: 'schema: property key update action must be append, eliminate or update (415)', method: 'PUT', url: `${S}/propertykeys/age?action=drop`, body: { name: 'age' }, status: 415, exception: 'NotSupportedException' },
  { rule: 'schema: property key append adds user_data (202)', method: 'PUT', url: `${S}/propertykeys/age?action=append`, body: { name: 'age', user_data: { min: 0 } }, status: 202 },
  { rule: 'http: a trailing slash before the query names the same route (pyhugegraph)', method: 'PUT', url: `${S}/propertykeys/age/?action=append`, body: { name: 'age', user_data: { max: 200 } }, status: 202, fields: { name: 'age' } },
  { rule: 'schema: property key data_type cannot change', method: 'PUT', url: `${S}/propertykeys/age?action=append`, body: { name: 'age', data_type: 'TEXT', user_data: {} }, status: 400, message: /cannot be changed/ },
  { rule: 'schema: property key update renames', method: 'PUT', url: `${S}/propertykeys/city?action=update`, body: { name: 'town' }, status: 202, fields: { name: 'town' } },
  { rule: 'schema: property key read', method: 'GET', url: `${S}/propertykeys/age`, status: 200, fields: { name: 'age', data_type: 'INT' } },
  { rule: 'schema: property key list', method: 'GET', url: `${S}/propertykeys`, status: 200, keys: ['propertykeys'] },
  { rule: 'schema: property key list filtered by names (hugegraph-client list(names))', method: 'GET', url: `${S}/propertykeys?names=nope`, status: 200, fields: { propertykeys: [] } },
  { rule: 'schema: an unknown property key is 404', method: 'GET', url: `${S}/propertykeys/nope`, status: 404, exception: NF },
  { rule: 'schema: property key delete is 202 with task_id', method: 'DELETE', url: `${S}/propertykeys/town`, status: 202, keys: ['task_id'] },
  { rule: 'schema: vertex label create is 201, DEFAULT resolves to PRIMARY_KEY', method: 'POST', url: `${S}/vertexlabels`, body: { name: 'person', properties: ['name', 'age'], primary_keys: ['name'], nullable_keys: ['age'] }, status: 201,
    fields: { name: 'person', id_strategy: 'PRIMARY_KEY', primary_keys: ['name'], nullable_keys: ['age'], enable_label_index: false } },
  { rule: 'schema: DEFAULT without primary keys resolves to AUTOMATIC', method: 'POST', url: `${S}/vertexlabels`, body: { name: 'thing', properties: ['name'] }, status: 201, fields: { id_strategy: 'AUTOMATIC' } },
  { rule: 'schema: PRIMARY_KEY needs primary keys', method: 'POST', url: `${S}/vertexlabels`, body: { name: 'v1', id_strategy: 'PRIMARY_KEY', properties: ['name'] }, status: 400 },
  { rule: 'schema: other strategies take no primary keys', method: 'POST', url: `${S}/vertexlabels`, body: { name: 'v1', id_strategy: 'AUTOMATIC', properties: ['name'], primary_keys: ['name'] }, status: 400 },
  { rule: 'schema: a label with an undefined property is 400', method: 'POST', url: `${S}/vertexlabels`, body: { name: 'v1', properties: ['nope'] }, status: 400 },
  { rule: 'schema: vertex label needs a name', method: 'POST', url: `${S}/vertexlabels`, body: { properties: ['name'] }, status: 400 },
  { rule: 'schema: vertex label append is 200', method: 'PUT', url: `${S}/vertexlabels/thing?action=append`, body: { name: 'thing', properties: ['age'], nullable_keys: ['age'], user_data: {} }, status: 200, fields: { properties: ['name', 'age'] } },
  { rule: 'schema: removing properties is unsupported', method: 'PUT', url: `${S}/vertexlabels/thing?action=eliminate`, body: { name: 'thing', properties: ['age'], user_data: {} }, status: 400 },
  { rule: 'schema: vertex label action must be append or eliminate (415)', method: 'PUT', url: `${S}/vertexlabels/thing?action=update`, body: { name: 'thing', user_data: {} }, status: 415 },
  { rule: 'schema: the body name must match the path', method: 'PUT', url: `${S}/vertexlabels/thing?action=append`, body: { name: 'other', user_data: {} }, status: 400 },
  { rule: 'schema: a vertex label update needs the body name (§4.4 name required)', method: 'PUT', url: `${S}/vertexlabels/thing?action=append`, body: { user_data: {} }, status: 400, exception: IAE, message: /the body needs the name 'thing'/ },
  { rule: 'schema: a vertex label update needs user_data (§4.4 user_data required)', method: 'PUT', url: `${S}/vertexlabels/thing?action=append`, body: { name: 'thing', nullable_keys: [] }, status: 400, exception: IAE, message: /user_data is required/ },
  { rule: 'schema: a property key append needs the body name', method: 'PUT', url: `${S}/propertykeys/age?action=append`, body: { user_data: { a: 1 } }, status: 400, exception: IAE, message: /the body needs the name 'age'/ },
  { rule: 'schema: vertex label read', method: 'GET', url: `${S}/vertexlabels/person`, status: 200, fields: { name: 'person' } },
  { rule: 'schema: an unknown vertex label is 404', method: 'GET', url: `${S}/vertexlabels/nope`, status: 404 },
  { rule: 'schema: edge label create is 201', method: 'POST', url: `${S}/edgelabels`, body: { name: 'knows', source_label: 'person', target_label: 'person', frequency: 'MULTIPLE', properties: ['age'], sort_keys: ['age'] }, status: 201,
    fields: { name: 'knows', source_label: 'person', target_label: 'person', frequency: 'MULTIPLE', sort_keys: ['age'] } },
  { rule: 'schema: edge label needs source_label', method: 'POST', url: `${S}/edgelabels`, body: { name: 'likes', target_label: 'person' }, status: 400 },
  { rule: 'schema: edge label target must exist', method: 'POST', url: `${S}/edgelabels`, body: { name: 'likes', source_label: 'person', target_label: 'nope' }, status: 400 },
  { rule: 'schema: edge label list', method: 'GET', url: `${S}/edgelabels`, status: 200, keys: ['edgelabels'] },
  { rule: 'schema: edge label append with name and user_data is 200', method: 'PUT', url: `${S}/edgelabels/knows?action=append`, body: { name: 'knows', user_data: { since: 1 } }, status: 200, fields: { name: 'knows' } },
  { rule: 'schema: an edge label update needs user_data', method: 'PUT', url: `${S}/edgelabels/knows?action=eliminate`, body: { name: 'knows' }, status: 400, exception: IAE, message: /user_data is required/ },
  { rule: 'schema: an edge label update needs the body name', method: 'PUT', url: `${S}/edgelabels/knows?action=append`, body: { user_data: {} }, status: 400, exception: IAE, message: /the body needs the name 'knows'/ },
  { rule: 'schema: index label create is 202 with index_label and task_id', method: 'POST', url: `${S}/indexlabels`, body: { name: 'personByAge', base_type: 'VERTEX_LABEL', base_value: 'person', index_type: 'RANGE', fields: ['age'] }, status: 202, keys: ['index_label', 'task_id'] },
  { rule: 'schema: index label base_type must be VERTEX_LABEL or EDGE_LABEL', method: 'POST', url: `${S}/indexlabels`, body: { name: 'x', base_type: 'LABEL', base_value: 'person', fields: ['age'] }, status: 400 },
  { rule: 'schema: a RANGE index label reads back as RANGE_INT on an INT key, as HugeGraph stores and returns it', method: 'GET', url: `${S}/indexlabels/personByAge`, status: 200, fields: { index_type: 'RANGE_INT', base_type: 'VERTEX_LABEL', base_value: 'person', fields: ['age'] } },
  { rule: 'schema: the index label list shows RANGE_INT too', method: 'GET', url: `${S}/indexlabels`, status: 200, check: (j) => assert.equal(j.indexlabels.find((i: any) => i.name === 'personByAge').index_type, 'RANGE_INT') },
  { rule: 'schema: a DOUBLE key ...', method: 'POST', url: `${S}/propertykeys`, body: { name: 'score', data_type: 'DOUBLE' }, status: 202 },
  { rule: '... on an edge label ...', method: 'PUT', url: `${S}/edgelabels/knows?action=append`, body: { name: 'knows', properties: ['score'], nullable_keys: ['score'], user_data: {} }, status: 200 },
  { rule: '... takes an index created as RANGE_DOUBLE (IndexType names are accepted on create)', method: 'POST', url: `${S}/indexlabels`, body: { name: 'knowsByScore', base_type: 'EDGE_LABEL', base_value: 'knows', index_type: 'RANGE_DOUBLE', fields: ['score'] }, status: 202,
    check: (j) => assert.equal(j.index_label.index_type, 'RANGE_DOUBLE') },
  { rule: '... which reads back as RANGE_DOUBLE', method: 'GET', url: `${S}/indexlabels/knowsByScore`, status: 200, fields: { index_type: 'RANGE_DOUBLE', fields: ['score'] } },
  { rule: '... and is shown as range() in the groovy schema', method: 'GET', url: `${S}?format=groovy`, status: 200, check: (j) => assert.match(j.schema, /indexLabel\('knowsByScore'\)\.onE\('knows'\)\.by\('score'\)\.range\(\)/) },
  { rule: 'schema: index label base fields cannot be updated', method: 'PUT', url: `${S}/indexlabels/personByAge?action=append`, body: { name: 'personByAge', index_type: 'SECONDARY' }, status: 400 },
  { rule: 'schema: index label append is 200', method: 'PUT', url: `${S}/indexlabels/personByAge?action=append`, body: { name: 'personByAge', user_data: { a: 1 } }, status: 200 },
  { rule: 'schema: whole schema as json has four arrays', method: 'GET', url: S, status: 200, keys: ['propertykeys', 'vertexlabels', 'edgelabels', 'indexlabels'] },
  { rule: 'schema: whole schema as groovy is a script', method: 'GET', url: `${S}?format=groovy`, status: 200, keys: ['schema'] },
  { rule: 'schema: format must be json or groovy', method: 'GET', url: `${S}?format=xml`, status: 400 },
  { rule: 'schema: a groovy schema script is 202 inited', method: 'PUT', url: S, body: { schema: "graph.schema().propertyKey('score').asDouble().ifNotExist().create();" }, status: 202, fields: { schema: 'inited' } },
  { rule: 'schema: deleting an unknown label is 404', method: 'DELETE', url: `${S}/edgelabels/nope`, status: 404 },
  // tasks (notes §3)
  { rule: 'task: list is brief records', method: 'GET', url: `${G}/tasks`, status: 200, keys: ['tasks'] },
  { rule: 'task: a bad status is 400', method: 'GET', url: `${G}/tasks?status=sleeping`, status: 400, message: /Status value must be in/ },
  { rule: 'task: ids with status is 400', method: 'GET', url: `${G}/tasks?ids=1&status=success`, status: 400 },
  { rule: 'task: an unknown task is 404', method: 'GET', url: `${G}/tasks/999`, status: 404, message: /Can't find task with id '999'/ },
  { rule: 'task: cancel needs action cancel (415)', method: 'PUT', url: `${G}/tasks/1?action=stop`, status: 415 },
  { rule: 'task: a completed task cannot be cancelled', method: 'PUT', url: `${G}/tasks/1?action=cancel`, status: 400, message: /completed or cancelling/ },
  { rule: 'http: an empty JSON body on a route that takes none is no body (pyhugegraph cancel)', method: 'PUT', url: `${G}/tasks/1?action=cancel`, body: '', headers: { 'content-type': 'application/json' }, status: 400, message: /completed or cancelling/ },
  { rule: 'http: an empty JSON body on a DELETE is no body (pyhugegraph)', method: 'DELETE', url: `${G}/tasks/1`, body: '', headers: { 'content-type': 'application/json' }, status: 204 },
  { rule: 'task: a deleted task is gone', method: 'DELETE', url: `${G}/tasks/1`, status: 404 },
  { rule: 'task: a non-numeric id is 400', method: 'GET', url: `${G}/tasks/abc`, status: 400 },
  // graph clear and delete
  { rule: 'graph: clear keeping the schema is 200', method: 'PUT', url: G, body: { action: 'clear', clear_schema: false }, status: 200 },
  { rule: 'graph: delete with a wrong confirm message is 400', method: 'DELETE', url: `${G}?confirm_message=no`, status: 400 },
  { rule: 'graph: delete is 204', method: 'DELETE', url: `${GS}/graphs/g2`, status: 204 },
  // legacy family (§4.9)
  { rule: 'legacy: create from key=value text is 201 with name and backend', method: 'POST', url: '/graphs/lg', body: '# legacy\ngremlin.graph=org.apache.hugegraph.HugeFactory\nbackend=hstore\nserializer=binary\nstore=lg\nvertex.cache_capacity=100\n', headers: { 'content-type': 'text/plain' }, status: 201, fields: { name: 'lg', backend: 'hstore' } },
  { rule: 'legacy: a line that is not key=value is 400', method: 'POST', url: '/graphs/lg2', body: 'backend hstore\n', headers: { 'content-type': 'text/plain' }, status: 400 },
  { rule: 'legacy: list', method: 'GET', url: '/graphs', status: 200, fields: { graphs: ['hugegraph', 'lg'] } },
  { rule: 'legacy: read has name and backend', method: 'GET', url: '/graphs/lg', status: 200, fields: { name: 'lg', backend: 'hstore' } },
  { rule: 'legacy: mode', method: 'PUT', url: '/graphs/lg/mode', body: 'MERGING', status: 200, fields: { mode: 'MERGING' } },
  { rule: 'legacy: wrapped property key body, 202 plain record', method: 'POST', url: '/graphs/lg/schema/propertykeys', body: { property_key: { name: 'name', data_type: 'TEXT' }, task_id: 0 }, status: 202, fields: { name: 'name' } },
  { rule: 'legacy: vertex label create', method: 'POST', url: '/graphs/lg/schema/vertexlabels', body: { name: 'person', properties: ['name'], primary_keys: ['name'] }, status: 201 },
  { rule: 'legacy: label delete is 202 with the name and task_id', method: 'DELETE', url: '/graphs/lg/schema/vertexlabels/person', status: 202, fields: { vertex_label: 'person' }, keys: ['task_id'] },
  { rule: 'legacy: task status', method: 'GET', url: '/graphs/lg/tasks/1', status: 200, fields: { id: 1, task_type: 'remove_schema' } },
  { rule: 'legacy: clear needs the exact confirm text', method: 'PUT', url: '/graphs/lg', body: { action: 'clear', confirm_message: 'yes' }, status: 400, message: /I'm sure to delete all data/ },
  { rule: 'legacy: clear with the confirm text is 200', method: 'PUT', url: '/graphs/lg', body: { action: 'clear', confirm_message: "I'm sure to delete all data" }, status: 200 },
  { rule: 'legacy: delete with a wrong confirm text is 400', method: 'DELETE', url: '/graphs/lg?confirm_message=no', status: 400, message: /I'm sure to drop the graph/ },
  { rule: 'legacy: delete with the default confirm text is 204', method: 'DELETE', url: `/graphs/lg?confirm_message=${encodeURIComponent("I'm sure to drop the graph")}`, status: 204 },
  // audit A (issue 9): mismatches found by driving the live server, one row per fixed rule
  { rule: 'audit: a K8S service with urls null is 201 (null is absent)', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc6', urls: null, cpu_limit: 1, memory_limit: 1, storage_limit: 1 }, status: 201, fields: { urls: [], route_type: 'NodePort' } },
  { rule: 'audit: a MANUAL service with route_type and port null is 201', method: 'POST', url: `${GS}/services`, body: { ...manual, name: 'svc7', route_type: null, port: null, memory_limit: 1, storage_limit: null }, status: 201, fields: { route_type: null, port: null, storage_limit: 100 } },
  { rule: 'audit: a K8S service with port null lacks the port', method: 'POST', url: `${GS}/services`, body: { ...k8s, name: 'svc8', port: null }, status: 400, exception: IAE, message: /'port' is required/ },
  { rule: 'audit: optional graph space fields may be null', method: 'POST', url: '/graphspaces', body: spaceBody('cs3', { compute_cpu_limit: null, operator_image_path: null, configs: null, auth: null }), status: 201,
    fields: { compute_cpu_limit: 0, operator_image_path: '', configs: {}, auth: false } },
  { rule: 'audit: a required graph space field null is missing', method: 'POST', url: '/graphspaces', body: spaceBody('cs4', { description: null }), status: 400, exception: IAE, message: /'description' is required/ },
  { rule: 'audit: a vertex label update cannot change id_strategy', method: 'PUT', url: `${S}/vertexlabels/person?action=append`, body: { name: 'person', id_strategy: 'AUTOMATIC', user_data: {} }, status: 400, exception: 'NotAllowException', message: /'id_strategy' of 'person' cannot be changed/ },
  { rule: 'audit: a vertex label update cannot change primary_keys', method: 'PUT', url: `${S}/vertexlabels/person?action=append`, body: { name: 'person', primary_keys: ['age'], user_data: {} }, status: 400, exception: 'NotAllowException', message: /primary_keys/ },
  { rule: 'audit: a vertex label update cannot change enable_label_index', method: 'PUT', url: `${S}/vertexlabels/person?action=eliminate`, body: { name: 'person', enable_label_index: true, user_data: {} }, status: 400, exception: 'NotAllowException', message: /enable_label_index/ },
  { rule: 'audit: a vertex label update cannot change ttl', method: 'PUT', url: `${S}/vertexlabels/person?action=append`, body: { name: 'person', ttl: 5, user_data: {} }, status: 400, exception: 'NotAllowException', message: /'ttl'/ },
  { rule: 'audit: a vertex label update may repeat its fixed fields unchanged', method: 'PUT', url: `${S}/vertexlabels/person?action=append`,
    body: { name: 'person', id_strategy: 'DEFAULT', primary_keys: ['name'], enable_label_index: false, ttl: 0, index_labels: [], user_data: {} }, status: 200, fields: { id_strategy: 'PRIMARY_KEY' } },
  { rule: 'audit: an edge label update cannot change frequency', method: 'PUT', url: `${S}/edgelabels/knows?action=append`, body: { name: 'knows', frequency: 'SINGLE', user_data: {} }, status: 400, exception: 'NotAllowException', message: /'frequency' of 'knows'/ },
  { rule: 'audit: an edge label update cannot change source_label', method: 'PUT', url: `${S}/edgelabels/knows?action=append`, body: { name: 'knows', source_label: 'thing', user_data: {} }, status: 400, exception: 'NotAllowException', message: /source_label/ },
  { rule: 'audit: an edge label update cannot change sort_keys', method: 'PUT', url: `${S}/edgelabels/knows?action=append`, body: { name: 'knows', sort_keys: ['name'], user_data: {} }, status: 400, exception: 'NotAllowException', message: /sort_keys/ },
  { rule: 'audit: an edge label update may send an empty sort_keys and DEFAULT frequency', method: 'PUT', url: `${S}/edgelabels/knows?action=append`, body: { name: 'knows', frequency: 'DEFAULT', sort_keys: [], user_data: {} }, status: 200, fields: { frequency: 'MULTIPLE', sort_keys: ['age'] } },
  { rule: 'audit: a property key update cannot change cardinality (NotAllowException)', method: 'PUT', url: `${S}/propertykeys/age?action=append`, body: { name: 'age', cardinality: 'LIST', user_data: {} }, status: 400, exception: 'NotAllowException', message: /cardinality/ },
  { rule: 'audit: frequency DEFAULT creates a SINGLE edge label', method: 'POST', url: `${S}/edgelabels`, body: { name: 'owns', source_label: 'person', target_label: 'thing', frequency: 'DEFAULT' }, status: 201, fields: { frequency: 'SINGLE' } },
  { rule: 'audit: null label fields are absent', method: 'POST', url: `${S}/vertexlabels`, body: { name: 'blank', id_strategy: null, primary_keys: null, properties: null, enable_label_index: null, user_data: null }, status: 201, fields: { id_strategy: 'AUTOMATIC', properties: [], enable_label_index: false } },
  { rule: 'audit: deleting a property key a label uses is 400 at once, not a failed task', method: 'DELETE', url: `${S}/propertykeys/age`, status: 400, exception: 'NotAllowException', message: /vertex label 'person' is still using it/ },
  { rule: 'audit: the property key in use is kept', method: 'GET', url: `${S}/propertykeys/age`, status: 200, fields: { name: 'age' } },
  { rule: 'audit: DELETE .../clear without the confirm text is 400', method: 'DELETE', url: `${G}/clear`, status: 400, exception: IAE, message: /I'm sure to delete all data/ },
  { rule: 'audit: DELETE .../clear with the confirm text is 204 and removes the schema too', method: 'DELETE', url: `${G}/clear?confirm_message=${encodeURIComponent("I'm sure to delete all data")}`, status: 204 },
  { rule: 'audit: the cleared graph has no schema left', method: 'GET', url: `${S}/vertexlabels`, status: 200, fields: { vertexlabels: [] } },
  { rule: 'audit: legacy DELETE /graphs/{graph}/clear (pyhugegraph) is 204', method: 'DELETE', url: `/graphs/hugegraph/clear?confirm_message=I%27m+sure+to+delete+all+data`, status: 204 },
  { rule: 'audit: set RESTORING before a clear', method: 'PUT', url: `${G}/mode`, body: 'RESTORING', status: 200, fields: { mode: 'RESTORING' } },
  { rule: 'audit: a clear with the schema keeps the graph mode', method: 'PUT', url: G, body: { action: 'clear', clear_schema: true }, status: 200 },
  { rule: 'audit: the mode is still RESTORING after the clear', method: 'GET', url: `${G}/mode`, status: 200, fields: { mode: 'RESTORING' } },
  { rule: 'audit: the read mode is kept by the clear too', method: 'GET', url: `${G}/graph_read_mode`, status: 200, fields: { graph_read_mode: 'ALL' } },
  { rule: 'audit: back to NONE after the restore', method: 'PUT', url: `${G}/mode`, body: 'NONE', status: 200, fields: { mode: 'NONE' } },
  // HTTP rules of the issue
  { rule: 'http: an unknown route is 404 in the error body', method: 'GET', url: '/nowhere', status: 404, exception: 'NotFoundException', message: /no route/ },
  { rule: 'http: a wrong content type is 415', method: 'POST', url: '/graphspaces', body: '<space/>', headers: { 'content-type': 'application/xml' }, status: 415 },
  { rule: 'http: malformed JSON is 400', method: 'POST', url: '/graphspaces', body: '{"name":', headers: { 'content-type': 'application/json' }, status: 400 },
  { rule: 'http: a body above the limit is 413', method: 'POST', url: '/graphspaces', body: { name: 'x'.repeat(70_000) }, status: 413 },
  { rule: 'space: delete releases its graphs and services (204)', method: 'DELETE', url: GS, status: 204 },
  { rule: 'space: a deleted space is gone', method: 'GET', url: `${GS}/graphs`, status: 404 },
];

test(`conformance table: ${ROWS.length} rows of spec Part A rules`, async (t) => {
  const server = await testServer({ bodyLimit: 64 * 1024 });
  try {
    for (const row of ROWS) {
      await t.test(row.rule, async () => {
        const headers: Record<string, string> = { ...(row.headers ?? {}) };
        let body = row.body;
        if (typeof body === 'string' && headers['content-type'] === undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(body);
        }
        const res = await server.call(row.method, row.url, body, headers);
        const context = `${row.method} ${row.url} -> ${res.status} ${res.text.slice(0, 300)}`;
        assert.equal(res.status, row.status, context);
        if (row.status >= 400) {
          assert.deepEqual(Object.keys(res.json ?? {}), ['exception', 'message', 'cause'], context);
          if (row.exception !== undefined) assert.ok(String(res.json.exception).endsWith(row.exception), context);
        }
        if (row.message !== undefined) assert.match(String(res.json?.message), row.message, context);
        for (const [key, value] of Object.entries(row.fields ?? {})) assert.deepEqual(res.json?.[key], value, `${context}: field ${key}`);
        for (const key of row.keys ?? []) assert.ok(res.json !== undefined && key in res.json, `${context}: key ${key}`);
        row.check?.(res.json);
      });
    }
  } finally {
    await server.close();
  }
});

test('a bearer token from login authenticates later requests', async () => {
  const server = await testServer();
  try {
    const login = await server.call('POST', '/auth/login', { user_name: 'admin', user_password: 'secret1' });
    const verify = await server.call('GET', '/auth/verify', undefined, { authorization: `Bearer ${login.json.token}` });
    assert.deepEqual(verify.json, { user_name: 'admin', user_id: 'admin' });
    assert.equal((await server.call('GET', '/graphspaces', undefined, { authorization: `Bearer ${login.json.token}x` })).status, 401);
    assert.equal((await server.call('GET', '/graphspaces', undefined, { authorization: BASIC })).status, 200);
  } finally {
    await server.close();
  }
});
