/**
 * The web console's query history: the last queries run, newest first, without repeats, kept
 * as JSON text (the page stores it in the browser's localStorage, one list per user name).
 * Plain data and no DOM, so it runs (and is tested) under node as well as in the page.
 * @module
 */

/** How many queries the history keeps by default. */
export const HISTORY_LIMIT = 50;

/**
 * The history after running `query`: it goes first, an earlier copy of it (same text once
 * trimmed) is dropped, blank queries are not kept, and at most `limit` entries stay.
 */
export function pushHistory(entries: readonly string[], query: string, limit: number = HISTORY_LIMIT): string[] {
  const text = query.trim();
  if (text === '') return entries.slice(0, limit);
  return [text, ...entries.filter((entry) => entry !== text)].slice(0, limit);
}

/**
 * The history stored as `text` (a JSON list of strings); anything else (absent, damaged,
 * written by another version) reads as an empty history rather than failing the page.
 */
export function parseHistory(text: string | null, limit: number = HISTORY_LIMIT): string[] {
  if (text === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').slice(0, limit);
}

/** The storage key of a user's history. */
export function historyKey(userName: string): string {
  return `quiver.console.history.${userName}`;
}
