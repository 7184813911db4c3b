/**
 * The small subset of Gherkin used by TinkerPop's feature files (FORMAT.md §2): feature and
 * scenario tags, `Scenario:` blocks, `Given`/`When`/`Then`/`And` steps, `"""` doc strings and
 * one-column data tables with cell escapes. Scenarios are identified by file and name (two
 * names repeat across files), and every step keeps its line for failure reports.
 * @module
 */
import { ArgumentError } from '../../src/errors.js';

/**
 * The effective keyword of a step: `And` takes the keyword of the step before it.
 *
 * @example
 * ```ts
 * const k: StepKeyword = 'Then';
 * ```
 */
export type StepKeyword = 'Given' | 'When' | 'Then';

/**
 * A data table: the header cell (`result`, `vertices` or `edges`) and the unescaped rows.
 *
 * @example
 * ```ts
 * const t: DataTable = { header: 'result', rows: ['d[6].l'] };
 * ```
 */
export interface DataTable {
  readonly header: string;
  readonly rows: readonly string[];
}

/**
 * One step of a scenario.
 *
 * @example
 * ```ts
 * const s: Step = { keyword: 'Given', text: 'the modern graph', line: 22 };
 * ```
 */
export interface Step {
  readonly keyword: StepKeyword;
  /** The step text after the keyword, trimmed. */
  readonly text: string;
  /** 1-based line of the step in its file. */
  readonly line: number;
  /** The doc string under the step, with the opening indentation removed. */
  readonly docString?: string;
  /** The data table under the step. */
  readonly table?: DataTable;
}

/**
 * One scenario with its effective tags (its own tags plus the feature's).
 *
 * @example
 * ```ts
 * const id = `${scenario.file}:${scenario.line}`;
 * ```
 */
export interface Scenario {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly tags: readonly string[];
  readonly steps: readonly Step[];
}

/**
 * A parsed feature file.
 *
 * @example
 * ```ts
 * const feature: Feature = parseFeature(text, { file: 'map/Count.feature' });
 * ```
 */
export interface Feature {
  readonly file: string;
  readonly name: string;
  readonly tags: readonly string[];
  readonly scenarios: readonly Scenario[];
}

interface StepDraft {
  keyword: StepKeyword;
  text: string;
  line: number;
  docString?: string;
  table?: { header: string; rows: string[] };
}

interface ScenarioDraft {
  name: string;
  line: number;
  tags: string[];
  steps: StepDraft[];
}

function syntaxError(file: string, line: number, detail: string): ArgumentError {
  return new ArgumentError('TCK_GHERKIN_SYNTAX', `Cannot parse feature file ${file}:${line}: ${detail}`, { details: { file, line } });
}

/**
 * Splits a table row into cells and applies Gherkin's cell escapes (`\|`, `\\`, `\n`).
 *
 * @example
 * ```ts
 * tableCells('| a\\|b | c |');   // ['a|b', 'c']
 * ```
 */
export function tableCells(row: string): string[] {
  const body = row.trim();
  const cells: string[] = [];
  let current = '';
  for (let i = 1; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\' && i + 1 < body.length) {
      const next = body[i + 1]!;
      if (next === '|' || next === '\\') current += next;
      else if (next === 'n') current += '\n';
      else current += ch + next;
      i++;
    } else if (ch === '|') {
      cells.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  return cells;
}

/**
 * Unescapes a quoted step argument: `\"` becomes `"`.
 *
 * @example
 * ```ts
 * unquoteArgument('m[{\\"t[label]\\": \\"person\\"}]');   // 'm[{"t[label]": "person"}]'
 * ```
 */
export function unquoteArgument(text: string): string {
  return text.replace(/\\"/g, '"');
}

function readDocString(lines: readonly string[], start: number, file: string): { text: string; end: number } {
  const opening = lines[start]!;
  const indent = opening.length - opening.trimStart().length;
  const content: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '"""') return { text: content.join('\n'), end: i };
    const lead = line.length - line.trimStart().length;
    content.push(line.slice(Math.min(lead, indent)));
  }
  throw syntaxError(file, start + 1, 'the doc string is not closed');
}

const STEP = /^(Given|When|Then|And)\s+(.*)$/;

/**
 * Parses one feature file of the TinkerPop subset of Gherkin.
 *
 * @example
 * ```ts
 * const feature = parseFeature(readFileSync(path, 'utf8'), { file: 'map/Count.feature' });
 * for (const s of feature.scenarios) console.log(s.name, s.tags);
 * ```
 */
export function parseFeature(text: string, options: { readonly file: string }): Feature {
  const { file } = options;
  const lines = text.split(/\r?\n/);
  let featureName: string | undefined;
  let featureTags: string[] = [];
  let pendingTags: string[] = [];
  const scenarios: ScenarioDraft[] = [];
  let current: ScenarioDraft | undefined;
  let lastStep: StepDraft | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('@')) {
      pendingTags.push(...line.split(/\s+/).filter((t) => t.startsWith('@')));
    } else if (line.startsWith('Feature:')) {
      featureName = line.slice('Feature:'.length).trim();
      featureTags = pendingTags;
      pendingTags = [];
    } else if (line.startsWith('Scenario:')) {
      if (featureName === undefined) throw syntaxError(file, i + 1, 'a scenario comes before the Feature line');
      current = { name: line.slice('Scenario:'.length).trim(), line: i + 1, tags: pendingTags, steps: [] };
      scenarios.push(current);
      pendingTags = [];
      lastStep = undefined;
    } else if (line === '"""') {
      if (lastStep === undefined) throw syntaxError(file, i + 1, 'a doc string has no step');
      const doc = readDocString(lines, i, file);
      lastStep.docString = doc.text;
      i = doc.end;
    } else if (line.startsWith('|')) {
      if (lastStep === undefined) throw syntaxError(file, i + 1, 'a table has no step');
      const cells = tableCells(line);
      if (cells.length !== 1) throw syntaxError(file, i + 1, `a table row has ${cells.length} cells, expected 1`);
      if (lastStep.table === undefined) lastStep.table = { header: cells[0]!, rows: [] };
      else lastStep.table.rows.push(cells[0]!);
    } else {
      const m = STEP.exec(line);
      if (m === null || current === undefined) throw syntaxError(file, i + 1, `unexpected line '${line}'`);
      const word = m[1]!;
      let keyword: StepKeyword;
      if (word === 'And') {
        if (lastStep === undefined) throw syntaxError(file, i + 1, 'And has no step before it');
        keyword = lastStep.keyword;
      } else {
        keyword = word as StepKeyword;
      }
      lastStep = { keyword, text: m[2]!.trim(), line: i + 1 };
      current.steps.push(lastStep);
    }
  }
  if (featureName === undefined) throw syntaxError(file, 1, 'there is no Feature line');
  return {
    file,
    name: featureName,
    tags: featureTags,
    scenarios: scenarios.map((s) => ({ file, name: s.name, line: s.line, tags: [...s.tags, ...featureTags], steps: s.steps })),
  };
}
