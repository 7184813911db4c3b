/**
 * The Schema page (four tables: property keys, vertex, edge and index labels) and the Tasks
 * page (one table, refreshed every two seconds while it is shown).
 * @module
 */
import type { ConsoleApi, GraphRef, SchemaLists } from './console-api.js';
import { table } from './dom.js';
import { cellText } from '../result-table.js';

/** How often the Tasks table refreshes, in milliseconds. */
const TASKS_REFRESH_MS = 2000;

const text = (value: unknown): string => (Array.isArray(value) ? value.map(cellText).join(', ') : cellText(value));

/** The four schema tables of a graph. */
export function schemaTables(schema: SchemaLists): HTMLTableElement[] {
  return [
    table('Property keys', ['name', 'data type', 'cardinality'], schema.propertykeys.map((k) => [text(k['name']), text(k['data_type']), text(k['cardinality'])])),
    table(
      'Vertex labels',
      ['name', 'id strategy', 'properties', 'primary keys'],
      schema.vertexlabels.map((l) => [text(l['name']), text(l['id_strategy']), text(l['properties']), text(l['primary_keys'])]),
    ),
    table(
      'Edge labels',
      ['name', 'source label', 'target label', 'properties'],
      schema.edgelabels.map((l) => [text(l['name']), text(l['source_label']), text(l['target_label']), text(l['properties'])]),
    ),
    table(
      'Index labels',
      ['name', 'base', 'index type', 'fields', 'status'],
      schema.indexlabels.map((i) => [text(i['name']), `${text(i['base_type'])} ${text(i['base_value'])}`, text(i['index_type']), text(i['fields']), text(i['status'])]),
    ),
  ];
}

/** Keeps the Tasks page's table fresh while it is shown. */
export class TasksPage {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: HTMLElement,
    private readonly source: () => { api: ConsoleApi; graph: GraphRef } | undefined,
    private readonly fail: (message: string) => void,
  ) {}

  /** Shows the tasks now and every {@link TASKS_REFRESH_MS} until {@link stop}. */
  start(): void {
    this.stop();
    this.timer = setInterval(() => void this.refresh(), TASKS_REFRESH_MS);
    void this.refresh();
  }

  /** Stops refreshing (another page, or signed out). */
  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async refresh(): Promise<void> {
    const source = this.source();
    if (source === undefined) return;
    try {
      const tasks = await source.api.tasks(source.graph);
      if (this.timer === undefined) return;
      const rows = tasks.map((t) => [text(t['id']), text(t['task_name']), text(t['task_status']), text(t['task_progress'])]);
      this.host.replaceChildren(table('Tasks', ['id', 'name', 'status', 'progress'], rows));
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    }
  }
}
