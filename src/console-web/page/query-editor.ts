/**
 * The Query box: a CodeMirror 6 editor with Gremlin highlighting and completion, whose editable
 * area is named "Query", where Ctrl+Enter (Cmd+Enter on a Mac) runs the query.
 * @module
 */
import { basicSetup } from 'codemirror';
import { EditorView, keymap } from '@codemirror/view';
import { Prec } from '@codemirror/state';
import { autocompletion } from '@codemirror/autocomplete';
import { gremlinCompletion, gremlinHighlighting, gremlinLanguage } from './gremlin-mode.js';
import type { SchemaWords } from './gremlin-mode.js';

/** The editor's text, set and read by the page. */
export interface QueryEditor {
  text(): string;
  setText(text: string): void;
  focus(): void;
}

/**
 * Mounts the editor in a shadow root of `host`; `run` is called on Ctrl+Enter, `words` feeds the
 * completion. In a shadow root CodeMirror styles itself with a constructed style sheet; in the
 * document it would add a `<style>` element, which the page's Content Security Policy
 * (`style-src 'self'`, no inline styles) refuses.
 */
export function mountQueryEditor(host: HTMLElement, options: { initial: string; run: () => void; words: () => SchemaWords }): QueryEditor {
  const root = host.attachShadow({ mode: 'open' });
  const parent = document.createElement('div');
  root.append(parent);
  const runKey = (): boolean => {
    options.run();
    return true;
  };
  const view = new EditorView({
    doc: options.initial,
    parent,
    root,
    extensions: [
      Prec.highest(keymap.of([{ key: 'Ctrl-Enter', run: runKey }, { key: 'Mod-Enter', run: runKey }])),
      basicSetup,
      gremlinLanguage,
      gremlinHighlighting,
      autocompletion({ override: [gremlinCompletion(options.words)] }),
      EditorView.contentAttributes.of({ 'aria-label': 'Query' }),
      EditorView.lineWrapping,
      EditorView.theme({ '&': { minHeight: '90px', backgroundColor: '#fff' }, '.cm-scroller': { fontFamily: 'ui-monospace, monospace', fontSize: '13px' } }),
    ],
  });
  return {
    text: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: text.length } }),
    focus: () => view.focus(),
  };
}
