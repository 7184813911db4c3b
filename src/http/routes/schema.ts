/**
 * Schema (spec Part A §4.4, legacy §4.9; index labels hugegraph-notes §4.1): property keys,
 * vertex labels, edge labels and index labels, and the whole schema as JSON or Groovy. Label
 * and key deletions run as tasks; index label creation answers with a task id too.
 * @module
 */
import { ArgumentError, NotFoundError, schemaToGroovy } from '../../index.js';
import type { EdgeLabelRecord, Graph, IndexLabelRecord, PropertyKeyRecord, SchemaView, UserData, VertexLabelRecord } from '../../index.js';
import { unsupportedAction } from '../error-mapper.js';
import { jsonText } from '../json-text.js';
import { graphParams, graphPaths, isLegacy, nameSchema, spaceOf } from './route-common.js';
import type { GraphParams, RouteGroup } from './route-common.js';
import { indexBuildTask, removalTask } from './schema-tasks.js';

type Body = Record<string, unknown>;
type NameParams = GraphParams & { name: string };

/**
 * A property key in HugeGraph's JSON shape.
 */
function propertyKeyJson(k: PropertyKeyRecord): Body {
  return {
    id: k.id, name: k.name, data_type: k.dataType, cardinality: k.cardinality, aggregate_type: k.aggregateType,
    write_type: k.writeType, properties: [], status: k.status, user_data: k.userData,
  };
}

function labelFields(l: VertexLabelRecord | EdgeLabelRecord): Body {
  return {
    properties: l.properties, nullable_keys: l.nullableKeys, index_labels: l.indexLabels, index_names: l.indexLabels,
    enable_label_index: l.enableLabelIndex, ttl: l.ttl, ...(l.ttlStartTime === undefined ? {} : { ttl_start_time: l.ttlStartTime }),
    status: l.status, user_data: l.userData,
  };
}

/**
 * A vertex label in HugeGraph's JSON shape.
 */
function vertexLabelJson(l: VertexLabelRecord): Body {
  return { id: l.id, name: l.name, id_strategy: l.idStrategy, primary_keys: l.primaryKeys, ...labelFields(l) };
}

/**
 * An edge label in HugeGraph's JSON shape.
 */
function edgeLabelJson(l: EdgeLabelRecord): Body {
  return { id: l.id, name: l.name, source_label: l.sourceLabel, target_label: l.targetLabel, frequency: l.frequency, sort_keys: l.sortKeys, ...labelFields(l) };
}

/**
 * An index label in HugeGraph's JSON shape: a range index as HugeGraph stores and returns it,
 * RANGE_INT, RANGE_LONG, RANGE_FLOAT or RANGE_DOUBLE by its field's data type.
 */
function indexLabelJson(i: IndexLabelRecord, graph?: Graph): Body {
  return {
    id: i.id, name: i.name, base_type: i.baseType, base_value: i.baseValue, index_type: i.indexType,
    fields: i.fields, status: graph?.indexStatus(i.name) ?? i.status, user_data: i.userData,
  };
}

/** Fields of a label that an append or eliminate cannot change (spec Part A §4.4 lists what the update body carries). */
const VERTEX_STABLE = ['id_strategy', 'primary_keys', 'enable_label_index', 'ttl', 'ttl_start_time'] as const;
const EDGE_STABLE = ['source_label', 'target_label', 'frequency', 'sort_keys', 'enable_label_index', 'ttl', 'ttl_start_time'] as const;

const userDataSchema = { type: 'object' } as const;
const names = { type: 'array', items: { type: 'string' } } as const;

/** The `names` filter of a schema list (`?names=a&names=b`, hugegraph-client's list(names)). */
const namesQuery = { type: 'object', properties: { names }, additionalProperties: false } as const;

interface NamesQuery {
  readonly names?: string[];
}

/** The records a list answers: all, or those named in `names`. */
function named<R extends { readonly name: string }>(all: readonly R[], query: NamesQuery): readonly R[] {
  const wanted = query.names;
  return wanted === undefined ? all : all.filter((r) => wanted.includes(r.name));
}
const actionQuery = { type: 'object', properties: { action: { type: 'string' } }, required: ['action'] } as const;

/** Unwraps a legacy body `{property_key: {...}, task_id}` (and the like) to the record fields. */
function unwrap(body: Body, key: string): Body {
  const inner = body[key];
  return inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Body) : body;
}

function list(value: unknown): readonly string[] | undefined {
  return value === undefined || value === null ? undefined : (value as string[]);
}

/** The fields a client gave: HugeGraph binds bodies with Jackson, where null is an absent field. */
function given(fields: Body): Body {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null));
}

function optionalId(body: Body): { id?: number } {
  return typeof body.id === 'number' && body.id > 0 ? { id: body.id } : {};
}

/** An update body must repeat the element's name (spec Part A §4.4: name is required; HugeGraph compares it with the path). */
function sameName(path: string, body: Body): void {
  if (body.name === undefined) throw new ArgumentError('INVALID_ARGUMENT', `Invalid schema update: the body needs the name '${path}'`);
  if (body.name !== path) throw new ArgumentError('INVALID_ARGUMENT', `Invalid schema update: the body name '${String(body.name)}' differs from '${path}' in the path`);
}

/** Values a client may send for a field it does not mean to set: HugeGraph's builders read them as absent. */
const NEUTRAL: Readonly<Record<string, unknown>> = { id_strategy: 'DEFAULT', frequency: 'DEFAULT' };

/** Enum fields, compared without case (and data type string as TEXT); names stay case-sensitive. */
const ENUMS = new Set(['data_type', 'cardinality', 'aggregate_type', 'write_type', 'id_strategy', 'frequency']);

function normalised(field: string, value: unknown): unknown {
  if (typeof value !== 'string' || !ENUMS.has(field)) return jsonText(value);
  const upper = value.toUpperCase();
  return upper === 'STRING' ? 'TEXT' : upper;
}

/**
 * An update body may repeat the fixed fields of the element (clients send whole records back),
 * but may not change them (spec Part A §7: immutable fields are rejected; HugeGraph answers
 * NotAllowException). Null, an empty list and the neutral DEFAULT of id_strategy and frequency count
 * as absent.
 */
function checkStable(what: string, body: Body, current: Body, fields: readonly string[]): void {
  for (const field of fields) {
    const given = body[field];
    if (given === undefined || given === null || given === NEUTRAL[field] || (Array.isArray(given) && given.length === 0)) continue;
    if (normalised(field, given) === normalised(field, current[field])) continue;
    throw new ArgumentError('SCHEMA_IMMUTABLE', `Invalid ${what} update: '${field}' of '${String(current.name)}' cannot be changed`);
  }
}

function checkAction(action: string, accepted: readonly string[]): void {
  if (!accepted.includes(action)) throw unsupportedAction(action, accepted);
}

function missing(kind: string, name: string): NotFoundError {
  return new NotFoundError('SCHEMA_NOT_FOUND', `${kind} with name '${name}' does not exist`);
}

/**
 * Schema routes in both path families.
 */
export const schemaRoutes: RouteGroup = (app, { state }) => {
  const nameParams = graphParams({ name: nameSchema });
  const tasksOf = (params: GraphParams) => state.tasks(spaceOf(params), params.graph);

  for (const base of graphPaths('/schema')) {
    // ---- property keys ----
    app.post<{ Params: GraphParams; Body: Body }>(`${base}/propertykeys`, { schema: { summary: 'Create a property key', params: graphParams(), body: { type: 'object' } } }, async (request, reply) => {
      const b = unwrap(request.body, 'property_key');
      const spec = { name: b.name as string, ...(b.data_type === undefined ? {} : { dataType: b.data_type }), ...(b.cardinality === undefined ? {} : { cardinality: b.cardinality }), ...(b.user_data === undefined ? {} : { userData: b.user_data }), ...(b.write_type === undefined ? {} : { writeType: b.write_type }), ...optionalId(b) };
      const result = await request.graph.schemaOperations().createPropertyKey(spec as never, { ifNotExist: b.check_exist === false });
      return reply.code(202).send(propertyKeyJson(result.record));
    });
    app.put<{ Params: NameParams; Querystring: { action: string }; Body: Body }>(
      `${base}/propertykeys/:name`,
      { schema: { summary: 'Append, eliminate user data of, or rename a property key', params: nameParams, querystring: actionQuery, body: { type: 'object' } } },
      async (request, reply) => {
        const { name } = request.params;
        checkAction(request.query.action, ['append', 'eliminate', 'update']);
        const b = unwrap(request.body, 'property_key');
        const existing = request.graph.catalog().propertyKey(name);
        if (existing === undefined) throw missing('property key', name);
        checkStable('property key', b, propertyKeyJson(existing), ['data_type', 'cardinality', 'aggregate_type', 'write_type']);
        let record: PropertyKeyRecord;
        if (request.query.action === 'update') {
          if (typeof b.name !== 'string') throw new ArgumentError('INVALID_ARGUMENT', 'Invalid property key update: the body needs the new name');
          record = (await request.graph.schemaOperations().renamePropertyKey(name, b.name)).record;
        } else {
          sameName(name, b);
          const update = { userData: (b.user_data ?? {}) as UserData };
          record = (request.query.action === 'append' ? await request.graph.schemaOperations().appendPropertyKey(name, update) : await request.graph.schemaOperations().eliminatePropertyKey(name, update)).record;
        }
        return reply.code(202).send(propertyKeyJson(record));
      },
    );
    app.get<{ Params: GraphParams; Querystring: NamesQuery }>(`${base}/propertykeys`, { schema: { summary: 'List property keys', params: graphParams(), querystring: namesQuery } }, async (request) => ({
      propertykeys: named(request.graph.catalog().propertyKeys(), request.query).map(propertyKeyJson),
    }));
    app.get<{ Params: NameParams }>(`${base}/propertykeys/:name`, { schema: { summary: 'Read a property key', params: nameParams } }, async (request) => {
      const record = request.graph.catalog().propertyKey(request.params.name);
      if (record === undefined) throw missing('property key', request.params.name);
      return propertyKeyJson(record);
    });
    app.delete<{ Params: NameParams }>(`${base}/propertykeys/:name`, { schema: { summary: 'Delete a property key (a task)', params: nameParams } }, async (request, reply) => {
      if (request.graph.catalog().propertyKey(request.params.name) === undefined) throw missing('property key', request.params.name);
      // As HugeGraph, a property key goes at once (a key still in use is a 400 here, not a failed
      // task); the task only records the removal
      await request.graph.schemaOperations().removePropertyKey(request.params.name);
      const taskId = await removalTask(tasksOf(request.params), request.graph, request.params.name, { kind: 'PropertyKey', remove: async () => undefined }, request.identity.user_name);
      return reply.code(202).send(isLegacy(request.params) ? { property_key: request.params.name, task_id: taskId } : { task_id: taskId });
    });

    // ---- vertex and edge labels ----
    for (const kind of ['vertex', 'edge'] as const) {
      const plural = `${kind}labels`;
      const wrapKey = `${kind}_label`;
      const find = (catalog: SchemaView, name: string): VertexLabelRecord | EdgeLabelRecord | undefined =>
        kind === 'vertex' ? catalog.vertexLabel(name) : catalog.edgeLabel(name);
      const json = (record: VertexLabelRecord | EdgeLabelRecord): Body => (record.kind === 'vertex' ? vertexLabelJson(record) : edgeLabelJson(record));
      app.post<{ Params: GraphParams; Body: Body }>(`${base}/${plural}`, { schema: { summary: `Create a ${kind} label`, params: graphParams(), body: { type: 'object' } } }, async (request, reply) => {
        const b = unwrap(request.body, wrapKey);
        const common = {
          name: b.name as string, properties: list(b.properties), nullableKeys: list(b.nullable_keys),
          enableLabelIndex: b.enable_label_index as boolean | undefined, ttl: b.ttl as number | undefined,
          ttlStartTime: (b.ttl_start_time ?? undefined) as string | undefined, userData: b.user_data as UserData | undefined, ...optionalId(b),
        };
        const options = { ifNotExist: b.check_exist === false };
        const record =
          kind === 'vertex'
            ? (await request.graph.schemaOperations().createVertexLabel(given({ ...common, idStrategy: b.id_strategy, primaryKeys: b.primary_keys }) as never, options)).record
            : (await request.graph.schemaOperations().createEdgeLabel(given({
              ...common, sourceLabel: b.source_label, targetLabel: b.target_label,
              // DEFAULT (hugegraph-client's initial value) means the default, SINGLE, as in HugeGraph
              frequency: b.frequency === 'DEFAULT' ? undefined : b.frequency, sortKeys: b.sort_keys,
            }) as never, options)).record;
        return reply.code(201).send(json(record));
      });
      app.put<{ Params: NameParams; Querystring: { action: string }; Body: Body }>(
        `${base}/${plural}/:name`,
        {
          schema: {
            summary: `Append to or eliminate from a ${kind} label`, params: nameParams, querystring: actionQuery,
            body: { type: 'object', properties: { name: { type: 'string' }, properties: names, nullable_keys: names, user_data: userDataSchema } },
          },
        },
        async (request) => {
          const { name } = request.params;
          checkAction(request.query.action, ['append', 'eliminate']);
          const b = unwrap(request.body, wrapKey);
          sameName(name, b);
          const existing = find(request.graph.catalog(), name);
          if (existing === undefined) throw missing(`${kind} label`, name);
          checkStable(`${kind} label`, b, json(existing), kind === 'vertex' ? VERTEX_STABLE : EDGE_STABLE);
          if (b.user_data === null || typeof b.user_data !== 'object' || Array.isArray(b.user_data)) {
            throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${kind} label update: user_data is required (a map, {} for none)`);
          }
          const userData = b.user_data as UserData;
          const o = request.graph.schemaOperations();
          let record: VertexLabelRecord | EdgeLabelRecord;
          if (request.query.action === 'append') {
            const update = { properties: list(b.properties) ?? [], nullableKeys: list(b.nullable_keys) ?? [], userData };
            record = (kind === 'vertex' ? await o.appendVertexLabel(name, update) : await o.appendEdgeLabel(name, update)).record;
          } else {
            if ((list(b.properties) ?? []).length > 0) throw new ArgumentError('INVALID_ARGUMENT', `Invalid ${kind} label update: removing properties is unsupported`);
            const update = { nullableKeys: list(b.nullable_keys) ?? [], userData };
            record = (kind === 'vertex' ? await o.eliminateVertexLabel(name, update) : await o.eliminateEdgeLabel(name, update)).record;
          }
          return json(record);
        },
      );
      app.get<{ Params: GraphParams; Querystring: NamesQuery }>(`${base}/${plural}`, { schema: { summary: `List ${kind} labels`, params: graphParams(), querystring: namesQuery } }, async (request) => ({
        [plural]: named<VertexLabelRecord | EdgeLabelRecord>(kind === 'vertex' ? request.graph.catalog().vertexLabels() : request.graph.catalog().edgeLabels(), request.query).map(json),
      }));
      app.get<{ Params: NameParams }>(`${base}/${plural}/:name`, { schema: { summary: `Read a ${kind} label`, params: nameParams } }, async (request) => {
        const record = find(request.graph.catalog(), request.params.name);
        if (record === undefined) throw missing(`${kind} label`, request.params.name);
        return json(record);
      });
      app.delete<{ Params: NameParams }>(`${base}/${plural}/:name`, { schema: { summary: `Delete a ${kind} label with its elements (a task)`, params: nameParams } }, async (request, reply) => {
        const { name } = request.params;
        if (find(request.graph.catalog(), name) === undefined) throw missing(`${kind} label`, name);
        const taskId = await removalTask(tasksOf(request.params), request.graph, name, {
          kind: kind === 'vertex' ? 'VertexLabel' : 'EdgeLabel',
          elements: kind,
          remove: (o) => (kind === 'vertex' ? o.removeVertexLabel(name) : o.removeEdgeLabel(name)),
        }, request.identity.user_name);
        return reply.code(202).send(isLegacy(request.params) ? { [wrapKey]: name, task_id: taskId } : { task_id: taskId });
      });
    }

    // ---- index labels ----
    app.post<{ Params: GraphParams; Body: Body }>(`${base}/indexlabels`, { schema: { summary: 'Create an index label (202 with a task id)', params: graphParams(), body: { type: 'object' } } }, async (request, reply) => {
      const b = unwrap(request.body, 'index_label');
      if (b.base_type !== 'VERTEX_LABEL' && b.base_type !== 'EDGE_LABEL') {
        throw new ArgumentError('INVALID_ARGUMENT', `Invalid index label: base_type must be VERTEX_LABEL or EDGE_LABEL but got ${jsonText(b.base_type ?? null)}`);
      }
      const spec = {
        name: b.name, baseType: b.base_type, baseValue: b.base_value, fields: b.fields ?? [],
        ...(b.index_type === undefined ? {} : { indexType: b.index_type }), ...(b.user_data === undefined ? {} : { userData: b.user_data }), ...optionalId(b),
      };
      const graph = request.graph;
      const record = (await graph.schemaOperations({ deferIndexBuild: true }).createIndexLabel(spec as never, { ifNotExist: b.check_exist === false })).record;
      const taskId = await indexBuildTask(tasksOf(request.params), graph, [record.name], false, request.identity.user_name);
      return reply.code(202).send({ index_label: indexLabelJson(record, graph), task_id: taskId });
    });
    app.get<{ Params: GraphParams; Querystring: NamesQuery }>(
      `${base}/indexlabels`,
      { schema: { summary: 'List index labels', params: graphParams(), querystring: namesQuery } },
      async (request) => ({ indexlabels: named(request.graph.catalog().indexLabels(), request.query).map((i) => indexLabelJson(i, request.graph)) }),
    );
    app.get<{ Params: NameParams }>(`${base}/indexlabels/:name`, { schema: { summary: 'Read an index label', params: nameParams } }, async (request) => {
      const record = request.graph.catalog().indexLabel(request.params.name);
      if (record === undefined) throw missing('index label', request.params.name);
      return indexLabelJson(record, request.graph);
    });
    app.put<{ Params: NameParams; Querystring: { action: string }; Body: Body }>(
      `${base}/indexlabels/:name`,
      { schema: { summary: 'Append or eliminate user data of an index label', params: nameParams, querystring: actionQuery, body: { type: 'object' } } },
      async (request) => {
        const { name } = request.params;
        checkAction(request.query.action, ['append', 'eliminate']);
        const b = unwrap(request.body, 'index_label');
        sameName(name, b);
        for (const field of ['base_type', 'base_value', 'index_type', 'fields']) {
          if (b[field] !== undefined && b[field] !== null) throw new ArgumentError('INVALID_ARGUMENT', `Invalid index label update: '${field}' cannot be changed`);
        }
        if (request.graph.catalog().indexLabel(name) === undefined) throw missing('index label', name);
        const update = { userData: (b.user_data ?? {}) as UserData };
        const o = request.graph.schemaOperations();
        return indexLabelJson((request.query.action === 'append' ? await o.appendIndexLabel(name, update) : await o.eliminateIndexLabel(name, update)).record);
      },
    );
    app.delete<{ Params: NameParams }>(`${base}/indexlabels/:name`, { schema: { summary: 'Delete an index label (a task)', params: nameParams } }, async (request, reply) => {
      if (request.graph.catalog().indexLabel(request.params.name) === undefined) throw missing('index label', request.params.name);
      const taskId = await removalTask(tasksOf(request.params), request.graph, request.params.name, { kind: 'IndexLabel', remove: (o) => o.removeIndexLabel(request.params.name) }, request.identity.user_name);
      return reply.code(202).send({ task_id: taskId });
    });

    // ---- whole schema ----
    app.get<{ Params: GraphParams; Querystring: { format?: string } }>(
      base,
      { schema: { summary: 'The whole schema as json or groovy', params: graphParams(), querystring: { type: 'object', properties: { format: { type: 'string', enum: ['json', 'groovy'] } } } } },
      async (request) => {
        const c = request.graph.catalog();
        if (request.query.format === 'groovy') return { schema: schemaToGroovy(c) };
        return {
          propertykeys: c.propertyKeys().map(propertyKeyJson),
          vertexlabels: c.vertexLabels().map((l) => { const { index_names: _n, ...rest } = vertexLabelJson(l); return rest; }),
          edgelabels: c.edgeLabels().map((l) => { const { index_names: _n, ...rest } = edgeLabelJson(l); return rest; }),
          indexlabels: c.indexLabels().map((i) => indexLabelJson(i)),
        };
      },
    );
    app.put<{ Params: GraphParams; Body: { schema: string } }>(
      base,
      { schema: { summary: 'Create schema from a groovy schema script', params: graphParams(), body: { type: 'object', properties: { schema: { type: 'string' } }, required: ['schema'], additionalProperties: false } } },
      async (request, reply) => {
        await request.graph.gremlin(request.body.schema);
        return reply.code(202).send({ schema: 'inited' });
      },
    );
  }
};
