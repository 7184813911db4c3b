/**
 * The Query page: the editor, Run and Cancel, the status line, the Table, JSON and Graph tabs,
 * the element details with Expand, and the history. A failed query shows the server's message
 * in the alert and leaves the previous results in place.
 * @module
 */
import { ApiError } from './console-api.js';
import type { ConsoleApi, GraphRef } from './console-api.js';
import { byId, element, setAlert, table } from './dom.js';
import { GraphView } from './graph-view.js';
import { mountQueryEditor } from './query-editor.js';
import type { QueryEditor } from './query-editor.js';
import type { SchemaWords } from './gremlin-mode.js';
import { emptyGraph, expansionRequest, mergeExpansion, resultGraph } from '../result-graph.js';
import type { ResultGraph } from '../result-graph.js';
import { historyKey, parseHistory, pushHistory } from '../query-history.js';
import { resultTable } from '../result-table.js';

/** Most neighbours one Expand adds. */
export const EXPAND_CAP = 25;

const TABS = ['table', 'json', 'graph'] as const;
type Tab = (typeof TABS)[number];

/** Where the page gets the session's API, the chosen graph and the schema words from. */
export interface QueryContext {
  api(): ConsoleApi;
  graph(): GraphRef | undefined;
  words(): SchemaWords;
  userName(): string;
}

/** The Query page's behaviour over the elements of index.html. */
export class QueryPage {
  private readonly editor: QueryEditor;
  private readonly view: GraphView;
  private readonly alert = byId('alert');
  private readonly status = byId('status');
  private readonly run = byId<HTMLButtonElement>('run');
  private readonly cancel = byId<HTMLButtonElement>('cancel');
  private readonly details = byId('details');
  private running: AbortController | undefined;
  private drawn: ResultGraph = emptyGraph();
  private history: string[] = [];

  constructor(private readonly context: QueryContext) {
    this.editor = mountQueryEditor(byId('editor'), { initial: 'g.V().limit(10)', run: () => void this.execute(), words: () => context.words() });
    this.view = new GraphView(byId('graph-view'), (text) => (byId('graph-focus').textContent = text), (key) => this.showDetails(key));
    this.run.addEventListener('click', () => void this.execute());
    this.cancel.addEventListener('click', () => this.running?.abort());
    for (const tab of TABS) {
      byId(`tab-${tab}`).addEventListener('click', () => this.select(tab));
      byId(`tab-${tab}`).addEventListener('keydown', (event) => this.onTabKey(event, tab));
    }
    Object.assign(window, { quiverConsole: { nodeClientPosition: (id: string | number) => this.view.nodeClientPosition(JSON.stringify(id)) } });
  }

  /** Loads the signed-in user's history. */
  start(): void {
    this.history = parseHistory(localStorage.getItem(historyKey(this.context.userName())));
    this.renderHistory();
  }

  /** Runs the Query box's text on the chosen graph. */
  async execute(): Promise<void> {
    const graph = this.context.graph();
    if (this.running !== undefined || graph === undefined) return;
    const query = this.editor.text();
    this.history = pushHistory(this.history, query);
    localStorage.setItem(historyKey(this.context.userName()), JSON.stringify(this.history));
    this.renderHistory();
    const controller = new AbortController();
    this.running = controller;
    this.cancel.hidden = false;
    this.run.disabled = true;
    this.status.textContent = 'Running…';
    const started = performance.now();
    const took = (): string => `${Math.round(performance.now() - started)} ms`;
    try {
      const data = await this.context.api().gremlin(graph, query, { signal: controller.signal });
      setAlert(this.alert, undefined);
      this.show(data);
      this.status.textContent = `${data.length} ${data.length === 1 ? 'result' : 'results'} in ${took()}`;
    } catch (error) {
      const cancelled = controller.signal.aborted;
      setAlert(this.alert, cancelled ? 'The query was cancelled' : error instanceof ApiError ? error.message : String(error));
      this.status.textContent = `${cancelled ? 'Cancelled' : 'Failed'} after ${took()}`;
    } finally {
      this.running = undefined;
      this.cancel.hidden = true;
      this.run.disabled = false;
    }
  }

  /** Forgets the results (on sign-out). */
  clear(): void {
    this.running?.abort();
    this.drawn = emptyGraph();
    this.view.show(this.drawn);
    byId('panel-table').replaceChildren();
    byId('json').textContent = '';
    this.details.hidden = true;
    this.status.textContent = '';
    this.history = [];
    this.renderHistory();
  }

  private show(data: unknown[]): void {
    const shaped = resultTable(data);
    byId('panel-table').replaceChildren(table('Results', shaped.columns, shaped.rows));
    byId('json').textContent = JSON.stringify(data, null, 2);
    this.drawn = resultGraph(data);
    this.view.show(this.drawn);
    this.details.hidden = true;
  }

  private select(tab: Tab): void {
    for (const other of TABS) {
      const button = byId(`tab-${other}`);
      button.setAttribute('aria-selected', String(other === tab));
      button.tabIndex = other === tab ? 0 : -1;
      byId(`panel-${other}`).hidden = other !== tab;
    }
    byId(`tab-${tab}`).focus();
    // After this event: the first draw compiles sigma's WebGL programs, which takes a while.
    if (tab === 'graph') requestAnimationFrame(() => this.view.resize());
  }

  private onTabKey(event: KeyboardEvent, tab: Tab): void {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    this.select(TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length]!);
    event.preventDefault();
  }

  private showDetails(key: string, note?: string): void {
    const node = this.drawn.nodes.get(key);
    if (node === undefined) return;
    const rows: (Node | string)[] = [];
    const entry = (name: string, value: unknown): void => {
      rows.push(element('dt', {}, [name]), element('dd', {}, [typeof value === 'string' ? value : JSON.stringify(value)]));
    };
    entry('id', node.id);
    entry('label', node.label);
    for (const [name, value] of Object.entries(node.properties)) entry(name, Array.isArray(value) && value.length === 1 ? value[0] : value);
    const expand = element('button', { type: 'button' }, ['Expand']);
    expand.addEventListener('click', () => void this.expand(key));
    this.details.replaceChildren(
      element('h2', {}, ['Element details']),
      element('dl', {}, rows),
      ...(node.complete ? [] : [element('p', {}, ['Only the id and label are known: run a query that returns this vertex for its properties.'])]),
      expand,
      ...(note === undefined ? [] : [element('p', { class: 'note' }, [note])]),
    );
    this.details.hidden = false;
  }

  private async expand(key: string): Promise<void> {
    const node = this.drawn.nodes.get(key);
    const graph = this.context.graph();
    if (node === undefined || graph === undefined) return;
    const request = expansionRequest(node.id, EXPAND_CAP);
    try {
      const data = await this.context.api().gremlin(graph, request.gremlin, { bindings: request.bindings });
      const added = mergeExpansion(this.drawn, data, EXPAND_CAP);
      this.view.grow(this.drawn, key);
      setAlert(this.alert, undefined);
      const note = added.cut
        ? `Showing the first ${EXPAND_CAP} edges of this vertex: it has more (query them with g.V(id).bothE() to see all)`
        : `Added ${added.addedNodes} vertices and ${added.addedEdges} edges`;
      this.showDetails(key, note);
    } catch (error) {
      setAlert(this.alert, error instanceof ApiError ? error.message : String(error));
    }
  }

  private renderHistory(): void {
    byId('history').replaceChildren(
      ...this.history.map((query) => {
        const button = element('button', { type: 'button', title: query }, [query]);
        button.addEventListener('click', () => {
          this.editor.setText(query);
          this.editor.focus();
        });
        return element('li', {}, [button]);
      }),
    );
  }
}
