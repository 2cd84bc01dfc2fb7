import { createToken, Lexer, type TokenType } from 'chevrotain';
import { nanosecondsPerUnit } from './literals.ts';

/**
 * APL's tokens. Words that only mean something in one place (`by`, `on`, operator names, ...)
 * are "soft" keywords: they belong to the `Identifier` category, so a column may still be
 * called `kind` or `count`. Word operators (`and`, `contains`, `in`, ...) are reserved.
 */

const wordBoundary = '(?![A-Za-z0-9_$])';

/** The characters the lexer skips between tokens. */
const whiteSpaceCharacters = ' \t\r\n\u00a0\ufeff';
export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: new RegExp(`[${whiteSpaceCharacters}]+`), group: Lexer.SKIPPED });

const whiteSpaceTable = new Uint8Array(0x10000);
for (const char of whiteSpaceCharacters) whiteSpaceTable[char.charCodeAt(0)] = 1;

/** Whether the lexer skips this UTF-16 code unit between tokens (`UnknownRuns` asks per character). */
export function isWhiteSpaceCode(code: number): boolean {
  return whiteSpaceTable[code] === 1;
}

export const Comment = createToken({ name: 'Comment', pattern: /\/\/[^\r\n]*/, group: 'comments' });

export const Identifier = createToken({ name: 'Identifier', pattern: /[A-Za-z_$][A-Za-z0-9_$]*/, label: 'a name' });

function softKeyword(word: string, name: string = keywordName(word)): TokenType {
  return createToken({
    name,
    pattern: new RegExp(escapeRegExp(word)),
    longer_alt: Identifier,
    categories: [Identifier],
    label: `'${word}'`,
  });
}

/** Hyphenated operator names (`project-away`) are single tokens and never names. */
function hyphenatedKeyword(word: string): TokenType {
  return createToken({
    name: keywordName(word),
    pattern: new RegExp(`${escapeRegExp(word)}${wordBoundary}`),
    start_chars_hint: [word[0]],
    label: `'${word}'`,
  });
}

function keywordName(word: string): string {
  return word
    .split(/[-_]/)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Tabular operators.
export const Where = softKeyword('where');
export const ExtendValid = hyphenatedKeyword('extend-valid');
export const Extend = softKeyword('extend');
export const ProjectAway = hyphenatedKeyword('project-away');
export const ProjectKeep = hyphenatedKeyword('project-keep');
export const ProjectRename = hyphenatedKeyword('project-rename');
export const ProjectReorder = hyphenatedKeyword('project-reorder');
export const Project = softKeyword('project');
export const Summarize = softKeyword('summarize');
export const Count = softKeyword('count');
export const Distinct = softKeyword('distinct');
export const Take = softKeyword('take');
export const Limit = softKeyword('limit');
export const Top = softKeyword('top');
export const Sort = softKeyword('sort');
export const Order = softKeyword('order');
export const Join = softKeyword('join');
export const Lookup = softKeyword('lookup');
export const Union = softKeyword('union');
export const Search = softKeyword('search');
export const ParseWhere = hyphenatedKeyword('parse-where');
export const ParseKv = hyphenatedKeyword('parse-kv');
export const Parse = softKeyword('parse');
export const MvExpand = hyphenatedKeyword('mv-expand');
export const MakeSeries = hyphenatedKeyword('make-series');
export const Sample = softKeyword('sample');
export const GetSchema = softKeyword('getschema', 'GetSchema');
export const Redact = softKeyword('redact');
export const ExternalData = softKeyword('externaldata', 'ExternalData');
export const Print = softKeyword('print');
export const DataTable = softKeyword('datatable', 'DataTable');

// Clause keywords.
export const By = softKeyword('by');
export const On = softKeyword('on');
export const With = softKeyword('with');
export const Asc = softKeyword('asc');
export const Desc = softKeyword('desc');
export const GrannyAsc = hyphenatedKeyword('granny-asc');
export const GrannyDesc = hyphenatedKeyword('granny-desc');
export const Nulls = softKeyword('nulls');
export const First = softKeyword('first');
export const Last = softKeyword('last');
export const From = softKeyword('from');
export const To = softKeyword('to');
export const Step = softKeyword('step');
export const Default = softKeyword('default');
export const As = softKeyword('as');
export const TypeOf = softKeyword('typeof', 'TypeOf');
export const Dynamic = softKeyword('dynamic');
export const LetKeyword = softKeyword('let', 'Let');
export const SetKeyword = softKeyword('set', 'Set');

// Reserved words.
function reserved(word: string, name: string, category?: TokenType): TokenType {
  return createToken({
    name,
    pattern: new RegExp(escapeRegExp(word)),
    longer_alt: Identifier,
    categories: category ? [category] : [],
    label: `'${word}'`,
  });
}

export const And = reserved('and', 'And');
export const Or = reserved('or', 'Or');
export const True = reserved('true', 'True');
export const False = reserved('false', 'False');
export const Null = reserved('null', 'Null');

/** Binary string operators at comparison precedence, with their `!` and `_cs` forms. */
export const StringOperator = createToken({ name: 'StringOperator', pattern: Lexer.NA, label: 'a string operator' });
/** Operators with a parenthesised list on the right. */
export const ListOperator = createToken({ name: 'ListOperator', pattern: Lexer.NA, label: "'in'" });

const stringOperatorWords = ['contains', 'startswith', 'endswith', 'has', 'hasprefix', 'hassuffix']
  .flatMap((word) => [word, `${word}_cs`])
  .flatMap((word) => [`!${word}`, word]);

function wordOperatorToken(words: string[], name: string, category: TokenType): TokenType {
  const sorted = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return createToken({
    name,
    pattern: new RegExp(`(?:${sorted.join('|')})${wordBoundary}`),
    start_chars_hint: [...new Set(words.map((word) => word[0]))],
    categories: [category],
    label: category.LABEL,
  });
}

export const StringOperatorWord = wordOperatorToken(stringOperatorWords, 'StringOperatorWord', StringOperator);
export const HasAnyOperator = wordOperatorToken(['has_any', 'has_any_cs', 'has_all', 'has_all_cs'], 'HasAnyOperator', ListOperator);
export const InOperator = createToken({
  name: 'InOperator',
  pattern: new RegExp(`(?:!in~|in~|!in${wordBoundary}|in${wordBoundary})`),
  start_chars_hint: ['!', 'i'],
  categories: [ListOperator],
  label: "'in'",
});
export const MatchesRegex = createToken({
  name: 'MatchesRegex',
  pattern: new RegExp(`!?matches[ \\t]+regex${wordBoundary}`),
  start_chars_hint: ['!', 'm'],
  categories: [StringOperator],
  label: "'matches regex'",
});
export const Between = createToken({
  name: 'Between',
  pattern: new RegExp(`!?between${wordBoundary}`),
  start_chars_hint: ['!', 'b'],
  label: "'between'",
});

// Literals.
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: Lexer.NA, label: 'a string' });
export const QuotedString = createToken({
  name: 'QuotedString',
  pattern: /"(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*'/,
  categories: [StringLiteral],
  label: 'a string',
});
export const VerbatimString = createToken({
  name: 'VerbatimString',
  pattern: /@"(?:[^"\r\n]|"")*"|@'(?:[^'\r\n]|'')*'/,
  categories: [StringLiteral],
  label: 'a string',
});
/** A string whose closing quote is missing; reported as an error, parsed as a string. */
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /@?"(?:[^"\\\r\n]|\\.)*|@?'(?:[^'\\\r\n]|\\.)*/,
  categories: [StringLiteral],
  label: 'a string',
});

/** Longest first, so `ms` is not read as `m` followed by `s`. */
const timespanUnits = Object.keys(nanosecondsPerUnit).sort((a, b) => b.length - a.length);

export const TimespanLiteral = createToken({
  name: 'TimespanLiteral',
  pattern: new RegExp(`\\d+(?:\\.\\d+)?(?:${timespanUnits.join('|')})${wordBoundary}`),
  start_chars_hint: [...'0123456789'],
  label: 'a timespan',
});
export const RealLiteral = createToken({
  name: 'RealLiteral',
  pattern: /\d+\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+/,
  label: 'a number',
});
export const LongLiteral = createToken({ name: 'LongLiteral', pattern: /0[xX][0-9a-fA-F]+|\d+/, label: 'a number' });

/**
 * `datetime(2024-01-01 10:00)`, `int(null)`, `timespan(15s)`: the parenthesised text of these
 * literals is not made of APL tokens, so the lexer takes the whole literal at once.
 */
export const typedLiteralTypes = ['datetime', 'date', 'timespan', 'time', 'bool', 'boolean', 'int', 'long', 'real', 'double', 'decimal', 'guid', 'string'];
export const TypedLiteral = createToken({
  name: 'TypedLiteral',
  pattern: new RegExp(`(?:${typedLiteralTypes.join('|')})\\([^()\\r\\n]*\\)`),
  start_chars_hint: [...new Set(typedLiteralTypes.map((type) => type[0]))],
  label: 'a literal',
});

// Punctuation.
export const Pipe = createToken({ name: 'Pipe', pattern: /\|/, label: "'|'" });
export const Semicolon = createToken({ name: 'Semicolon', pattern: /;/, label: "';'" });
export const Comma = createToken({ name: 'Comma', pattern: /,/, label: "','" });
export const LParen = createToken({ name: 'LParen', pattern: /\(/, label: "'('" });
export const RParen = createToken({ name: 'RParen', pattern: /\)/, label: "')'" });
export const LBracket = createToken({ name: 'LBracket', pattern: /\[/, label: "'['" });
export const RBracket = createToken({ name: 'RBracket', pattern: /\]/, label: "']'" });
export const LBrace = createToken({ name: 'LBrace', pattern: /\{/, label: "'{'" });
export const RBrace = createToken({ name: 'RBrace', pattern: /\}/, label: "'}'" });
export const DotDot = createToken({ name: 'DotDot', pattern: /\.\./, label: "'..'" });
export const Dot = createToken({ name: 'Dot', pattern: /\./, label: "'.'" });
export const Colon = createToken({ name: 'Colon', pattern: /:/, label: "':'" });

/** Comparison operators, all at one precedence level. */
export const ComparisonOperator = createToken({ name: 'ComparisonOperator', pattern: Lexer.NA, label: 'a comparison' });
export const Comparison = createToken({
  name: 'Comparison',
  pattern: /==|!=|<>|<=|>=|=~|!~|<|>/,
  categories: [ComparisonOperator],
  label: 'a comparison',
});
export const Equals = createToken({ name: 'Equals', pattern: /=/, label: "'='" });
export const Plus = createToken({ name: 'Plus', pattern: /\+/, label: "'+'" });
export const Minus = createToken({ name: 'Minus', pattern: /-/, label: "'-'" });
export const Star = createToken({ name: 'Star', pattern: /\*/, label: "'*'" });
export const Slash = createToken({ name: 'Slash', pattern: /\//, label: "'/'" });
export const Percent = createToken({ name: 'Percent', pattern: /%/, label: "'%'" });
export const Question = createToken({ name: 'Question', pattern: /\?/, label: "'?'" });
export const Bang = createToken({ name: 'Bang', pattern: /!/, label: "'!'" });
export const Tilde = createToken({ name: 'Tilde', pattern: /~/, label: "'~'" });

/**
 * Never lexed: stands in for a bracketed group nested past the limit (see `nesting.ts`), so the
 * parser never descends into it. It parses as an operand and becomes a `Missing` node.
 */
export const NestedTooDeeply = createToken({ name: 'NestedTooDeeply', pattern: Lexer.NA, label: 'an expression' });

/** The characters some token may start with; every other character is unknown to APL. */
const tokenStartCharacters = `${whiteSpaceCharacters}A-Za-z0-9_$"'@/!|;,()[\\]{}.:=<>+\\-*%?~`;

/**
 * A run of characters no token can start with (and `@` not opening a verbatim string). Without it,
 * chevrotain's lexer recovers from an unknown character by trying every pattern at each following
 * character; random text paid that per character. Skipped, so that no token is made of it: the
 * parser reports each run as one lexical error, found between the tokens (`unknownRuns.ts`).
 */
export const UnknownCharacters = createToken({
  name: 'UnknownCharacters',
  pattern: new RegExp(`(?:[^${tokenStartCharacters}]|@(?!["']))+`),
  // The first-character optimisation cannot read a negated set: every character but the start characters.
  start_chars_hint: unknownStartCodes(),
  group: Lexer.SKIPPED,
});

function unknownStartCodes(): number[] {
  const starts = new RegExp(`[${tokenStartCharacters}]`);
  const codes: number[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    const character = String.fromCharCode(code);
    if (character === '@' || !starts.test(character)) codes.push(code);
  }
  return codes;
}

export const softKeywords: TokenType[] = [
  Where, Extend, Project, Summarize, Count, Distinct, Take, Limit, Top, Sort, Order, Join, Lookup, Union, Search,
  Parse, Sample, GetSchema, Redact, ExternalData, Print, DataTable,
  By, On, With, Asc, Desc, Nulls, First, Last, From, To, Step, Default, As, TypeOf, Dynamic, LetKeyword, SetKeyword,
];

/** The lexer tries these in order at each position: the first match wins (unless `longer_alt`). */
export const allTokens: TokenType[] = [
  WhiteSpace,
  Comment,
  VerbatimString,
  QuotedString,
  UnterminatedString,
  TypedLiteral,
  ExtendValid, ProjectAway, ProjectKeep, ProjectRename, ProjectReorder, ParseWhere, ParseKv, MvExpand, MakeSeries,
  GrannyAsc, GrannyDesc,
  MatchesRegex,
  Between,
  HasAnyOperator,
  InOperator,
  StringOperatorWord,
  ...softKeywords,
  And, Or, True, False, Null,
  Identifier,
  TimespanLiteral,
  RealLiteral,
  LongLiteral,
  Pipe, Semicolon, Comma, LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  DotDot, Dot, Colon,
  Comparison,
  Equals, Plus, Minus, Star, Slash, Percent, Question, Bang, Tilde,
  // Last: only where nothing else matches.
  UnknownCharacters,
  // Categories (never matched directly).
  StringLiteral, StringOperator, ListOperator, ComparisonOperator,
  // Made by the parser's nesting guard, never by the lexer.
  NestedTooDeeply,
];
