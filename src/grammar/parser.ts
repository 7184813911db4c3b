/**
 * The one Chevrotain CstParser of Quiver. Its rules are named after TinkerPop's Gremlin.g4
 * (queryList, genericLiteral, genericLiteralCollection, mapEntry, genericLiteralSet,
 * traversalStrategy, configuration, chainedTraversal, traversalMethod, genericLiteralVarargs),
 * plus `statement`, `ifStatement`, `branch`, `block`, `operand`, `postfix` and `operatorTail` for the
 * Groovy subset.
 *
 * A `genericLiteral` is Gremlin.g4's literal with Groovy's expression parts around it: prefix
 * operators (`-`, `+`, `!`), postfix accesses (`[index]`, `.name(...)`, `?.name`) and operator
 * tails (`+ operand`, `? a : operand`, `?: operand`) in a flat list; the script visitor
 * rebuilds Groovy's precedence from it, and the traversal visitor refuses the parts, so
 * gremlin-lang stays Gremlin.g4's language. As in Groovy, a new line may not come before `+`,
 * `-`, `**` or `[`, so a line starting with one of them is a new statement.
 *
 * Gremlin.g4 has one rule per step overload; here every step is a generic `name(arguments)`
 * call, and the visitors give the arguments their meaning (enum, predicate, nested traversal).
 * The step name is validated by the engine, the shape of the text by this parser.
 * @module
 */
import { CstParser, tokenMatcher, type CstNode, type IToken } from 'chevrotain';
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

  /** `if (...) ... else ...`, `def x = expr`, `x = expr` or an expression. */
  readonly statement = this.RULE('statement', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.ifStatement) },
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

  /** `if (test) branch` with an optional `else branch`; an `else if` is an `if` statement as the else branch. */
  readonly ifStatement = this.RULE('ifStatement', () => {
    this.CONSUME(t.If);
    this.CONSUME(t.LParen);
    this.SUBRULE(this.genericLiteral);
    this.CONSUME(t.RParen);
    this.SUBRULE(this.branch);
    this.OPTION(() => {
      this.CONSUME(t.Else);
      this.SUBRULE2(this.branch);
    });
  });

  /** A block, or one statement; after `if (...)` a `{` always opens a block, never a set. */
  readonly branch = this.RULE('branch', () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [{ ALT: () => this.SUBRULE(this.block) }, { ALT: () => this.SUBRULE(this.statement) }],
    });
  });

  /** `{ statements }`. */
  readonly block = this.RULE('block', () => {
    this.CONSUME(t.LBrace);
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(t.Semi) }, { ALT: () => this.SUBRULE(this.statement) }]);
    });
    this.CONSUME(t.RBrace);
  });

  /** Any value, traversal, predicate, enum or strategy that may stand as an argument, with Groovy's operators. */
  readonly genericLiteral = this.RULE('genericLiteral', () => {
    this.operandParts();
    this.MANY3({ GATE: () => this.operatorAhead(), DEF: () => this.SUBRULE(this.operatorTail) });
  });

  /** The operand of a binary operator: a literal with its prefix operators and postfix accesses. */
  readonly operand = this.RULE('operand', () => {
    this.operandParts();
  });

  /** Prefix operators, Gremlin.g4's literal alternatives, postfix accesses: the body of genericLiteral and operand. */
  private operandParts(): void {
    this.MANY(() => {
      this.OR([{ ALT: () => this.CONSUME(t.Minus) }, { ALT: () => this.CONSUME(t.Plus) }, { ALT: () => this.CONSUME(t.Bang) }]);
    });
    this.OR2([
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
    this.MANY2({ GATE: () => this.postfixAhead(), DEF: () => this.SUBRULE(this.postfix) });
  }

  /** `[index]` on the same line, or `.name(...)`, `?.name(...)`, `.name`, `?.name` after a value. */
  readonly postfix = this.RULE('postfix', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.LBrack);
          this.SUBRULE(this.genericLiteral);
          this.CONSUME(t.RBrack);
        },
      },
      {
        ALT: () => {
          this.OR2([{ ALT: () => this.CONSUME(t.Dot) }, { ALT: () => this.CONSUME(t.SafeDot) }]);
          this.SUBRULE(this.traversalMethod);
        },
      },
    ]);
  });

  /**
   * A binary operator (or `in`) and its right operand, `?: operand`, or `? genericLiteral : operand`.
   * The tails of one expression are a flat list, so a long chain of operators nests no rules.
   */
  readonly operatorTail = this.RULE('operatorTail', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.BinaryOperator) },
      { GATE: () => this.LA(1).image === 'in', ALT: () => this.CONSUME(t.Identifier) },
      { ALT: () => this.CONSUME(t.Elvis) },
      {
        ALT: () => {
          this.CONSUME(t.Question);
          this.SUBRULE(this.genericLiteral);
          this.CONSUME(t.Colon);
        },
      },
    ]);
    this.SUBRULE(this.operand);
  });

  /** Whether a postfix access follows: a dot, or `[` on the line of the value before it. */
  private postfixAhead(): boolean {
    const next = this.LA(1).tokenType;
    if (next === t.Dot || next === t.SafeDot) return true;
    return next === t.LBrack && onSameLine(this.LA(0), this.LA(1));
  }

  /** Whether an operator tail follows: `+`, `-` and `**` only on the line of the operand before them. */
  private operatorAhead(): boolean {
    const next = this.LA(1);
    const type = next.tokenType;
    if (type === t.Question || type === t.Elvis) return true;
    if (type === t.Identifier) return next.image === 'in';
    if (!tokenMatcher(next, t.BinaryOperator)) return false;
    return (type !== t.Plus && type !== t.Minus && type !== t.Power) || onSameLine(this.LA(0), next);
  }

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

function onSameLine(before: IToken, token: IToken): boolean {
  return before.endLine === token.startLine;
}

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
