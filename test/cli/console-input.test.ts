import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isCompleteInput, scanInput, StatementBuffer } from '../../src/cli/console/input.js';

const TOKENS = ['g', 'V', 'out', '.', ',', '(', ')', '[', ']', '{', '}', "'a b'", '"x(y"', '1', ' ', "'''t\n)'''"];

/** Reference: strings are atomic tokens, so only bracket tokens move the stack. */
function referenceComplete(tokens: readonly string[]): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const t of tokens) {
    if (t === '(' || t === '[' || t === '{') stack.push(t);
    else if (pairs[t] !== undefined && stack[stack.length - 1] === pairs[t]) stack.pop();
  }
  const last = tokens.join('').trimEnd();
  return stack.length === 0 && !last.endsWith('.') && !last.endsWith(',');
}

test('isCompleteInput agrees with a bracket-stack model on random token sequences', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }), (tokens) => {
      assert.equal(isCompleteInput(tokens.join('')), referenceComplete(tokens));
    }),
    { numRuns: 2000 },
  );
});

test('isCompleteInput keeps reading inside strings, comments and after continuations', () => {
  assert.equal(isCompleteInput("g.V().has('name', 'ma"), false);
  assert.equal(isCompleteInput('g.V().has("a\\"b")'), true);
  assert.equal(isCompleteInput("g.V().has('it\\'s (')"), true);
  assert.equal(isCompleteInput('g.V() /* open'), false);
  assert.equal(isCompleteInput('g.V() /* ( */'), true);
  assert.equal(isCompleteInput('g.V() // (\n'), true);
  assert.equal(isCompleteInput('g.V().\n  // comment'), false);
  assert.equal(isCompleteInput('g.V()\\'), false);
  assert.equal(isCompleteInput('g.V())'), true);
  assert.equal(isCompleteInput(''), true);
});

test('scanInput reports the innermost open bracket last and an open triple-quoted string', () => {
  assert.deepEqual(scanInput('g.V(1, [2, {').open, ['(', '[', '{']);
  assert.equal(scanInput("x = '''abc").inString, "'''");
  assert.equal(scanInput('x = """a"b').inString, '"""');
  assert.equal(scanInput('/* a').inComment, true);
});

test('StatementBuffer returns a statement split at its open brackets only on its last line', () => {
  const statements = fc.array(fc.constantFrom('out()', "has('k', 'v')", 'limit(2)', 'values("name")'), { minLength: 1, maxLength: 6 });
  fc.assert(
    fc.property(statements, (steps) => {
      const text = `g.V().${steps.join('.')}`;
      const lines = text.split(/(?<=\()/);
      const buffer = new StatementBuffer();
      const results = lines.map((l) => buffer.push(l));
      assert.deepEqual(results.slice(0, -1), lines.slice(0, -1).map(() => undefined));
      assert.equal(results[results.length - 1], lines.join('\n'));
      assert.equal(buffer.pending, false);
    }),
  );
});

test('StatementBuffer drops line-continuation backslashes and skips blank lines between statements', () => {
  const buffer = new StatementBuffer();
  assert.equal(buffer.push('   '), undefined);
  assert.equal(buffer.pending, false);
  assert.equal(buffer.push('g.V()\\'), undefined);
  assert.equal(buffer.pending, true);
  assert.equal(buffer.push('.count()'), 'g.V()\n.count()');
  assert.equal(buffer.push('g.V().'), undefined);
  assert.equal(buffer.rest(), 'g.V().');
  buffer.clear();
  assert.equal(buffer.pending, false);
  assert.equal(buffer.push('g.E()'), 'g.E()');
});

test('StatementBuffer emits only complete statements whose earlier line prefixes are all incomplete', () => {
  const line = fc.array(fc.constantFrom(...TOKENS.filter((t) => !t.includes('\n'))), { maxLength: 6 }).map((t) => t.join(''));
  fc.assert(
    fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
      const buffer = new StatementBuffer();
      for (const l of lines) {
        const statement = buffer.push(l);
        if (statement === undefined) continue;
        assert.equal(isCompleteInput(statement), true);
        const parts = statement.split('\n');
        for (let n = 1; n < parts.length; n++) assert.equal(isCompleteInput(parts.slice(0, n).join('\n')), false);
      }
    }),
  );
});

test('StatementBuffer with lookahead joins lines that start with a dot to the statement before', () => {
  const buffer = new StatementBuffer({ lookahead: true });
  assert.equal(buffer.push('g.V()'), undefined);
  assert.equal(buffer.push('  .out()'), undefined);
  assert.equal(buffer.push('g.E()'), 'g.V()\n  .out()');
  assert.equal(buffer.push(''), 'g.E()');
  assert.equal(buffer.push('.count()'), undefined);
  assert.equal(buffer.pending, false);
  assert.equal(buffer.end(), '.count()');
  assert.equal(buffer.end(), undefined);
});

test('StatementBuffer takes a console command as one line even when its text is unbalanced', () => {
  assert.equal(new StatementBuffer().push(':explain g.V('), ':explain g.V(');
  const piped = new StatementBuffer({ lookahead: true });
  assert.equal(piped.push('  :json'), undefined);
  assert.equal(piped.push('.count()'), '  :json');
  assert.equal(piped.end(), '.count()');
});

test('StatementBuffer tells the input line where each statement began', () => {
  const buffer = new StatementBuffer({ lookahead: true });
  const starts: number[] = [];
  const lines = ['', 'g.V()', '  .out()', ':json', '', 'g.V(', '1)', 'g.E().'];
  for (const l of lines) if (buffer.push(l) !== undefined) starts.push(buffer.statementLine);
  assert.deepEqual(starts, [2, 4, 6]);
  assert.equal(buffer.end(), undefined);
  assert.equal(buffer.restLine, 8);
  const typed = new StatementBuffer();
  typed.push('g.V(');
  typed.push(')');
  assert.equal(typed.statementLine, 1);
});
