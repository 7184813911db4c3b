/**
 * The Graph tab's drawing: a {@link ResultGraph} copied into a graphology graph and drawn by
 * sigma (WebGL). The host element (role "img", named "Graph view") carries `data-node-count`
 * and `data-edge-count`; a click on a node selects it, and the keyboard does too: with the view
 * focused, arrow keys move a highlight from node to node and Enter selects the highlighted one.
 * @module
 */
import Graph from 'graphology';
import Sigma from 'sigma';
import type { GraphNode, ResultGraph } from '../result-graph.js';

const PALETTE = ['#2563eb', '#d97706', '#059669', '#dc2626', '#7c3aed', '#0891b2', '#be185d', '#4d7c0f'];

/** A stable colour per label. */
function labelColor(label: string): string {
  let hash = 0;
  for (const char of label) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? '#666';
}

/** The text drawn beside a node: its `name` property when it has one, else label and id. */
function nodeCaption(node: GraphNode): string {
  const name = node.properties['name'];
  const value = Array.isArray(name) ? (name as unknown[])[0] : name;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : `${node.label} ${JSON.stringify(node.id)}`;
}

/** The drawn graph, and what selecting a node does. */
export class GraphView {
  private readonly graph = new Graph({ multi: true, type: 'directed' });
  /** Made when the host is first shown: sigma sizes its canvases from the container. */
  private sigma: Sigma | undefined;
  private focused: string | undefined;

  constructor(
    private readonly host: HTMLElement,
    private readonly announce: (text: string) => void,
    private readonly onSelect: (key: string) => void,
  ) {
    host.addEventListener('keydown', (event) => this.onKey(event));
    this.updateCounts();
  }

  /** Draws `result` alone, vertices on a circle. */
  show(result: ResultGraph): void {
    this.graph.clear();
    this.focused = undefined;
    const count = result.nodes.size;
    let i = 0;
    for (const node of result.nodes.values()) {
      const angle = (2 * Math.PI * i++) / Math.max(count, 1);
      this.addNode(node, Math.cos(angle), Math.sin(angle));
    }
    this.addEdges(result);
    this.updateCounts();
    this.sigma?.refresh();
  }

  /** Adds what `result` holds beyond what is drawn; new vertices go on a small circle around `around`. */
  grow(result: ResultGraph, around: string): void {
    const centre = this.graph.hasNode(around) ? this.graph.getNodeAttributes(around) : { x: 0, y: 0 };
    const fresh = [...result.nodes.values()].filter((node) => !this.graph.hasNode(node.key));
    fresh.forEach((node, i) => {
      const angle = (2 * Math.PI * i) / fresh.length + 0.3;
      this.addNode(node, (centre['x'] as number) + 0.35 * Math.cos(angle), (centre['y'] as number) + 0.35 * Math.sin(angle));
    });
    for (const node of result.nodes.values()) {
      if (node.complete) this.graph.mergeNodeAttributes(node.key, { label: nodeCaption(node) });
    }
    this.addEdges(result);
    this.updateCounts();
    this.sigma?.refresh();
  }

  /** Draws at the host's size (after the tab that holds it is shown). */
  resize(): void {
    if (this.sigma === undefined) {
      this.sigma = new Sigma(this.graph, this.host, { settings: { itemSizesReference: 'screen', allowInvalidContainer: true, renderEdgeLabels: true, stagePadding: 40 } });
      this.sigma.on('clickNode', ({ node }) => {
        this.focus(node);
        this.onSelect(node);
      });
    }
    this.sigma.resize();
    this.sigma.refresh();
  }

  /** Where node `key` is drawn, in page coordinates (for automation: tests and scripts). */
  nodeClientPosition(key: string): { x: number; y: number } | undefined {
    if (this.sigma === undefined || !this.graph.hasNode(key)) return undefined;
    const attributes = this.graph.getNodeAttributes(key);
    const point = this.sigma.graphToViewport({ x: attributes['x'] as number, y: attributes['y'] as number });
    const box = this.host.getBoundingClientRect();
    return { x: box.left + point.x, y: box.top + point.y };
  }

  private addNode(node: GraphNode, x: number, y: number): void {
    this.graph.addNode(node.key, { x, y, size: 10, color: labelColor(node.label), label: nodeCaption(node) });
  }

  private addEdges(result: ResultGraph): void {
    for (const edge of result.edges.values()) {
      if (!this.graph.hasEdge(edge.key)) this.graph.addEdgeWithKey(edge.key, edge.source, edge.target, { label: edge.label, size: 2, color: '#94a3b8' });
    }
  }

  private updateCounts(): void {
    this.host.dataset['nodeCount'] = String(this.graph.order);
    this.host.dataset['edgeCount'] = String(this.graph.size);
  }

  private focus(key: string): void {
    if (this.focused !== undefined && this.graph.hasNode(this.focused)) this.sigma?.setNodeState(this.focused, { isHighlighted: false });
    this.focused = key;
    this.sigma?.setNodeState(key, { isHighlighted: true });
    this.announce(`Node ${String(this.graph.getNodeAttribute(key, 'label'))}: Enter shows its details`);
  }

  private onKey(event: KeyboardEvent): void {
    const keys = this.graph.nodes();
    if (keys.length === 0) return;
    const at = this.focused === undefined ? -1 : keys.indexOf(this.focused);
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') this.focus(keys[(at + 1) % keys.length]!);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') this.focus(keys[(at - 1 + keys.length) % keys.length]!);
    else if (event.key === 'Enter' && this.focused !== undefined) this.onSelect(this.focused);
    else return;
    event.preventDefault();
  }
}
