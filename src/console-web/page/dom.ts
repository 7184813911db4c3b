/**
 * Small DOM helpers of the page: elements by id, new elements with text (never HTML: every
 * server value is set as text), tables, and the alert line.
 * @module
 */

/** The element with `id` in the page; a missing one is a bug in index.html. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`The page has no element #${id}`);
  return element as T;
}

/** A new element with attributes and children (strings become text nodes). */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Readonly<Record<string, string>> = {}, children: readonly (Node | string)[] = []): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** A table named by its caption, with a header row and one row per entry. */
export function table(caption: string, columns: readonly string[], rows: readonly (readonly string[])[]): HTMLTableElement {
  return element('table', {}, [
    element('caption', {}, [caption]),
    element('thead', {}, [element('tr', {}, columns.map((column) => element('th', { scope: 'col' }, [column])))]),
    element('tbody', {}, rows.map((row) => element('tr', {}, row.map((cell) => element('td', {}, [cell]))))),
  ]);
}

/** An alert line: shows `message`, or hides itself for undefined. */
export function setAlert(alert: HTMLElement, message: string | undefined): void {
  alert.textContent = message ?? '';
  alert.hidden = message === undefined;
}
