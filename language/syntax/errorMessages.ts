import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';

/** What each grammar rule stands for, in the words an error message uses. */
const ruleDescriptions: Record<string, string> = {
  statement: 'a query or a let statement',
  pipeline: 'an expression',
  expression: 'an expression',
  binaryTail: 'an operator',
  operand: 'an expression',
  primaryExpression: 'an expression',
  postfix: "'.' or '['",
  dynamicValue: 'a value',
  expressionList: "a parenthesised list",
  tabularOperator: 'a tabular operator such as where, extend, project or summarize',
  name: 'a name',
  columnPattern: 'a column name',
  tableReference: 'a dataset name or a parenthesised query',
  parsePatternPart: 'a string, * or a column name',
  columnDefinition: 'an expression',
  columnDefinitionList: 'an expression',
  sortKey: 'an expression',
  argument: 'an argument',
};

function describeToken(token: IToken): string {
  if (token.tokenType === EOF) return 'the end of the query';
  return `'${token.image}'`;
}

function describeType(tokenType: TokenType): string {
  return tokenType.LABEL ?? tokenType.name;
}

function describeRule(ruleName: string): string {
  return ruleDescriptions[ruleName] ?? 'more input';
}

export const errorMessages: IParserErrorMessageProvider = {
  buildMismatchTokenMessage({ expected, actual }) {
    if (expected === EOF) return `Unexpected ${describeToken(actual)}.`;
    return `Expected ${describeType(expected)} but found ${describeToken(actual)}.`;
  },
  buildNotAllInputParsedMessage({ firstRedundant }) {
    return `Unexpected ${describeToken(firstRedundant)}.`;
  },
  buildNoViableAltMessage({ actual, ruleName }) {
    return `Expected ${describeRule(ruleName)} but found ${describeToken(actual[0])}.`;
  },
  buildEarlyExitMessage({ actual, ruleName }) {
    return `Expected ${describeRule(ruleName)} but found ${describeToken(actual[0])}.`;
  },
};
