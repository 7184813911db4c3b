/**
 * A small XML tokenizer for the subset GraphML files use: elements with attributes, text,
 * CDATA sections, comments, processing instructions and the five predefined entities plus
 * numeric character references. Document type declarations are refused, so no external
 * entity can ever be resolved.
 * @module
 */
import { ArgumentError, UnsupportedError } from '../../errors.js';

/**
 * One token of an XML document.
 */
export type XmlToken =
  | { readonly type: 'open'; readonly name: string; readonly attributes: ReadonlyMap<string, string>; readonly selfClosing: boolean }
  | { readonly type: 'close'; readonly name: string }
  | { readonly type: 'text'; readonly text: string };

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const ATTRIBUTE = /\s+([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

function malformed(text: string, at: number, detail: string): ArgumentError {
  const line = text.slice(0, at).split('\n').length;
  return new ArgumentError('IO_FORMAT', `Cannot read XML at line ${line}: ${detail}`);
}

/**
 * Replaces entity and character references in text or an attribute value.
 */
function decodeEntities(raw: string): string {
  return raw.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const named = ENTITIES[ref];
    if (named === undefined) throw new ArgumentError('IO_FORMAT', `Cannot read XML: unknown entity ${whole}`);
    return named;
  });
}

function skipPast(text: string, at: number, end: string, what: string): number {
  const i = text.indexOf(end, at);
  if (i < 0) throw malformed(text, at, `unterminated ${what}`);
  return i + end.length;
}

function readTag(text: string, at: number): { token: Exclude<XmlToken, { type: 'text' }>; next: number } {
  const closing = text[at + 1] === '/';
  NAME.lastIndex = at + (closing ? 2 : 1);
  const name = NAME.exec(text)?.[0];
  if (name === undefined) throw malformed(text, at, 'expected an element name after <');
  let pos = NAME.lastIndex;
  if (closing) {
    const end = /\s*>/y;
    end.lastIndex = pos;
    if (end.exec(text) === null) throw malformed(text, pos, `expected > to close </${name}`);
    return { token: { type: 'close', name }, next: end.lastIndex };
  }
  const attributes = new Map<string, string>();
  for (;;) {
    ATTRIBUTE.lastIndex = pos;
    const m = ATTRIBUTE.exec(text);
    if (m === null) break;
    attributes.set(m[1] as string, decodeEntities(m[2] ?? m[3] ?? ''));
    pos = ATTRIBUTE.lastIndex;
  }
  const end = /\s*(\/?)>/y;
  end.lastIndex = pos;
  const m = end.exec(text);
  if (m === null) throw malformed(text, pos, `expected an attribute, > or /> in <${name}>`);
  return { token: { type: 'open', name, attributes, selfClosing: m[1] === '/' }, next: end.lastIndex };
}

/**
 * Splits an XML document into tokens, checking that elements nest properly. Text tokens keep
 * their whitespace; comments and processing instructions are dropped.
 */
export function* xmlTokens(text: string): Generator<XmlToken> {
  const open: string[] = [];
  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const stop = lt < 0 ? text.length : lt;
    if (stop > at) {
      const raw = text.slice(at, stop);
      if (open.length === 0 && raw.trim() !== '') throw malformed(text, at, 'text outside the root element');
      if (open.length > 0) yield { type: 'text', text: decodeEntities(raw) };
    }
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) at = skipPast(text, lt + 4, '-->', 'comment');
    else if (text.startsWith('<?', lt)) at = skipPast(text, lt + 2, '?>', 'processing instruction');
    else if (text.startsWith('<![CDATA[', lt)) {
      const end = skipPast(text, lt + 9, ']]>', 'CDATA section');
      yield { type: 'text', text: text.slice(lt + 9, end - 3) };
      at = end;
    } else if (text.startsWith('<!', lt)) {
      throw new UnsupportedError('IO_XML_DOCTYPE', 'Cannot read XML: document type declarations are not supported');
    } else {
      const { token, next } = readTag(text, lt);
      if (token.type === 'close') {
        const expected = open.pop();
        if (expected !== token.name) throw malformed(text, lt, `</${token.name}> does not close <${expected ?? ''}>`);
      } else if (!token.selfClosing) open.push(token.name);
      yield token;
      if (token.type === 'open' && token.selfClosing) yield { type: 'close', name: token.name };
      at = next;
    }
  }
  if (open.length > 0) throw malformed(text, text.length, `<${open[open.length - 1] ?? ''}> is not closed`);
}
