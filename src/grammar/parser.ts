/**
 * The one Chevrotain CstParser of Quiver. Its rules are named after TinkerPop's Gremlin.g4
 * (queryList, genericLiteral, genericLiteralCollection, mapEntry, genericLiteralSet,
 * traversalStrategy, configuration, chainedTraversal, traversalMethod, genericLiteralVarargs),
 * plus `statement` for the Groovy subset.
 *
 * Gremlin.g4 has one rule per step overload; here every step is a generic `name(arguments)`
 * call, and the visitors give the arguments their meaning (enum, predicate, nested traversal).
 * The step name is validated by the engine, the shape of the text by this parser.
 * @module
 */
import { CstParser, type CstNode, type IToken } from 'chevrotain';
import * as t from './gremlin-tokens.js';

class GremlinParser extends CstParser {
  constructor() {
    super(t.allTokens, { maxLookahead: 3 });
    this.performSelfAnalysis();
  }

  /** Several statements, separated by `;` or new lines (the visitor checks the new lines). */
  readonly queryList = this.RULE('queryList', () => {
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(t.Semi) }, { ALT: () => this.SUBRULE(this.statement) }]);
    });
  });

  /** One traversal or literal, alone in the text. */
  readonly query = this.RULE('query', () => {
    this.SUBRULE(this.genericLiteral);
    this.OPTION(() => this.CONSUME(t.Semi));
  });

  /** `def x = expr`, `x = expr` or an expression. */
  readonly statement = this.RULE('statement', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.Def);
          this.CONSUME(t.Identifier);
          this.CONSUME(t.Equals);
          this.SUBRULE(this.genericLiteral);
        },
      },
      {
        GATE: () => this.LA(2).tokenType === t.Equals,
        ALT: () => {
          this.CONSUME2(t.Identifier);
          this.CONSUME2(t.Equals);
          this.SUBRULE2(this.genericLiteral);
        },
      },
      { ALT: () => this.SUBRULE3(this.genericLiteral) },
    ]);
  });

  /** Any value, traversal, predicate, enum or strategy that may stand as an argument. */
  readonly genericLiteral = this.RULE('genericLiteral', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.IntegerLiteral) },
      { ALT: () => this.CONSUME(t.FloatingPointLiteral) },
      { ALT: () => this.CONSUME(t.StringLiteral) },
      { ALT: () => this.CONSUME(t.BooleanLiteral) },
      { ALT: () => this.CONSUME(t.NullLiteral) },
      { ALT: () => this.CONSUME(t.NaNLiteral) },
      { ALT: () => this.CONSUME(t.SignedInfLiteral) },
      { ALT: () => this.SUBRULE(this.genericLiteralCollection) },
      { ALT: () => this.SUBRULE(this.genericLiteralSet) },
      { ALT: () => this.SUBRULE(this.parenthesized) },
      { ALT: () => this.SUBRULE(this.traversalStrategy) },
      { ALT: () => this.SUBRULE(this.chainedTraversal) },
    ]);
  });

  /** `(expr)`, used for computed map keys such as `(T.id)`. */
  readonly parenthesized = this.RULE('parenthesized', () => {
    this.CONSUME(t.LParen);
    this.SUBRULE(this.genericLiteral);
    this.CONSUME(t.RParen);
  });

  /** `[]`, `[1, 2]`, `[:]` or `[a: 1, (T.id): 2]`: a list or a map. */
  readonly genericLiteralCollection = this.RULE('genericLiteralCollection', () => {
    this.CONSUME(t.LBrack);
    this.OR([
      { ALT: () => this.CONSUME(t.RBrack) },
      {
        ALT: () => {
          this.CONSUME(t.Colon);
          this.CONSUME2(t.RBrack);
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.genericLiteral);
          this.OR2([
            {
              ALT: () => {
                this.CONSUME2(t.Colon);
                this.SUBRULE2(this.genericLiteral);
                this.MANY(() => {
                  this.CONSUME(t.Comma);
                  this.SUBRULE(this.mapEntry);
                });
              },
            },
            {
              ALT: () => {
                this.MANY2(() => {
                  this.CONSUME2(t.Comma);
                  this.SUBRULE3(this.genericLiteral);
                });
              },
            },
          ]);
          this.CONSUME3(t.RBrack);
        },
      },
    ]);
  });

  /** `key: value` after the first entry of a map. */
  readonly mapEntry = this.RULE('mapEntry', () => {
    this.SUBRULE(this.genericLiteral);
    this.CONSUME(t.Colon);
    this.SUBRULE2(this.genericLiteral);
  });

  /** `{1, 2}`: a set. */
  readonly genericLiteralSet = this.RULE('genericLiteralSet', () => {
    this.CONSUME(t.LBrace);
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.genericLiteral) });
    this.CONSUME(t.RBrace);
  });

  /** `new SubgraphStrategy(vertices: __.has('name'))`. */
  readonly traversalStrategy = this.RULE('traversalStrategy', () => {
    this.CONSUME(t.New);
    this.CONSUME(t.Identifier);
    this.OPTION(() => {
      this.CONSUME(t.LParen);
      this.SUBRULE(this.genericLiteralVarargs);
      this.CONSUME(t.RParen);
    });
  });

  /** A root (`g`, `__`, a name or a call) followed by `.name(arguments)` calls. */
  readonly chainedTraversal = this.RULE('chainedTraversal', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.TraversalRoot) },
      { ALT: () => this.CONSUME(t.AnonTraversalRoot) },
      { ALT: () => this.SUBRULE(this.traversalMethod) },
    ]);
    this.MANY(() => {
      this.CONSUME(t.Dot);
      this.SUBRULE2(this.traversalMethod);
    });
  });

  /** `name` or `name(arguments)`. */
  readonly traversalMethod = this.RULE('traversalMethod', () => {
    this.CONSUME(t.Identifier);
    this.OPTION(() => {
      this.CONSUME(t.LParen);
      this.SUBRULE(this.genericLiteralVarargs);
      this.CONSUME(t.RParen);
    });
  });

  /** Comma-separated arguments, possibly empty. */
  readonly genericLiteralVarargs = this.RULE('genericLiteralVarargs', () => {
    this.MANY_SEP({ SEP: t.Comma, DEF: () => this.SUBRULE(this.argument) });
  });

  /** An argument: a value, or a strategy's `name: value` configuration entry. */
  readonly argument = this.RULE('argument', () => {
    this.OR([
      {
        GATE: () => this.LA(2).tokenType === t.Colon,
        ALT: () => this.SUBRULE(this.configuration),
      },
      { ALT: () => this.SUBRULE(this.genericLiteral) },
    ]);
  });

  /** `name: value` in a strategy's arguments. */
  readonly configuration = this.RULE('configuration', () => {
    this.CONSUME(t.Identifier);
    this.CONSUME(t.Colon);
    this.SUBRULE(this.genericLiteral);
  });
}

/**
 * The single parser instance, built once at module load.
 */
const gremlinParser = new GremlinParser();

/**
 * Runs one entry rule of the parser on tokens and returns the CST and the errors.
 */
export function parseTokens(
  tokens: IToken[],
  options: { rule: 'query' | 'queryList' },
): { cst: CstNode; errors: typeof gremlinParser.errors } {
  gremlinParser.input = tokens;
  const cst = options.rule === 'query' ? gremlinParser.query() : gremlinParser.queryList();
  return { cst, errors: gremlinParser.errors };
}
