/**
 * The console page's entry (bundled by esbuild into console.js): sign-in and sign-out, the
 * Graph combobox, navigation between the Query, Schema and Tasks pages (by the URL's hash),
 * and the schema words the editor completes. The token lives in sessionStorage, so a reload
 * keeps the session and signing out (which revokes the token on the server) ends it.
 * @module
 */
import { ApiError, ConsoleApi } from './console-api.js';
import type { GraphRef } from './console-api.js';
import { byId, element, setAlert } from './dom.js';
import type { SchemaWords } from './gremlin-mode.js';
import { schemaTables, TasksPage } from './info-pages.js';
import { QueryPage } from './query-page.js';

const TOKEN_KEY = 'quiver.console.token';
const PAGES = ['query', 'schema', 'tasks'] as const;
type Page = (typeof PAGES)[number];

interface Session {
  readonly api: ConsoleApi;
  readonly userName: string;
  graphs: GraphRef[];
  words: SchemaWords;
}

let session: Session | undefined;
const alert = byId('alert');
const graphSelect = byId<HTMLSelectElement>('graph');
const fail = (error: unknown): void => setAlert(alert, error instanceof Error ? error.message : String(error));

function current(): Session {
  if (session === undefined) throw new Error('Not signed in');
  return session;
}

function chosenGraph(): GraphRef | undefined {
  return session?.graphs[graphSelect.selectedIndex];
}

const queryPage = new QueryPage({ api: () => current().api, graph: chosenGraph, words: () => session?.words ?? { labels: [], propertyKeys: [] }, userName: () => current().userName });
const tasksPage = new TasksPage(byId('page-tasks'), () => (session === undefined || chosenGraph() === undefined ? undefined : { api: session.api, graph: chosenGraph()! }), fail);

function pageOf(hash: string): Page {
  const name = hash.replace(/^#/, '');
  return (PAGES as readonly string[]).includes(name) ? (name as Page) : 'query';
}

/** Shows the page the hash names, and loads what it shows. */
async function route(): Promise<void> {
  const page = pageOf(location.hash);
  for (const name of PAGES) {
    byId(`page-${name}`).hidden = name !== page;
    const link = byId(`nav-${name}`);
    if (name === page) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  tasksPage.stop();
  const graph = chosenGraph();
  if (session === undefined || graph === undefined) return;
  if (page === 'tasks') tasksPage.start();
  if (page === 'schema') {
    try {
      byId('page-schema').replaceChildren(...schemaTables(await session.api.schema(graph)));
    } catch (error) {
      byId('page-schema').replaceChildren(element('p', {}, ['The schema could not be read.']));
      fail(error);
    }
  }
}

/** Reads the chosen graph's labels and property keys for the completion (none when the schema is hidden). */
async function loadWords(): Promise<void> {
  const graph = chosenGraph();
  if (session === undefined || graph === undefined) return;
  try {
    const schema = await session.api.schema(graph);
    const names = (list: readonly Record<string, unknown>[]): string[] => list.map((item) => String(item['name']));
    session.words = { labels: [...names(schema.vertexlabels), ...names(schema.edgelabels)], propertyKeys: names(schema.propertykeys) };
  } catch {
    session.words = { labels: [], propertyKeys: [] };
  }
}

function showSignedIn(signedIn: boolean): void {
  byId('sign-in').hidden = signedIn;
  byId('app').hidden = !signedIn;
  byId('who').hidden = !signedIn;
}

async function enter(token: string): Promise<void> {
  const api = new ConsoleApi(token);
  const userName = await api.whoAmI();
  const graphs = await api.graphs();
  session = { api, userName, graphs, words: { labels: [], propertyKeys: [] } };
  byId('user-name').textContent = userName;
  graphSelect.replaceChildren(...graphs.map((ref) => element('option', { value: `${ref.space}/${ref.graph}` }, [`${ref.space}/${ref.graph}`])));
  setAlert(alert, graphs.length === 0 ? 'You may see no graph: ask an administrator for a grant' : undefined);
  showSignedIn(true);
  queryPage.start();
  await loadWords();
  await route();
}

async function signIn(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const signInAlert = byId('sign-in-alert');
  try {
    const token = await ConsoleApi.login(byId<HTMLInputElement>('user').value, byId<HTMLInputElement>('password').value);
    sessionStorage.setItem(TOKEN_KEY, token);
    byId<HTMLInputElement>('password').value = '';
    setAlert(signInAlert, undefined);
    await enter(token);
  } catch (error) {
    setAlert(signInAlert, error instanceof Error ? error.message : String(error));
  }
}

async function signOut(): Promise<void> {
  const ending = session;
  session = undefined;
  sessionStorage.removeItem(TOKEN_KEY);
  tasksPage.stop();
  queryPage.clear();
  graphSelect.replaceChildren();
  byId('page-schema').replaceChildren();
  byId('page-tasks').replaceChildren();
  setAlert(alert, undefined);
  showSignedIn(false);
  await ending?.api.logout().catch(() => undefined);
}

async function boot(): Promise<void> {
  byId('sign-in').addEventListener('submit', (event) => void signIn(event as SubmitEvent));
  byId('sign-out').addEventListener('click', () => void signOut());
  window.addEventListener('hashchange', () => void route());
  graphSelect.addEventListener('change', () => void loadWords().then(route));
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token === null) return showSignedIn(false);
  try {
    await enter(token);
  } catch (error) {
    sessionStorage.removeItem(TOKEN_KEY);
    showSignedIn(false);
    if (!(error instanceof ApiError && error.status === 401)) setAlert(byId('sign-in-alert'), error instanceof Error ? error.message : String(error));
  }
}

void boot();
