import type { Argument, CallNode } from '../syntax/ast.ts';
import { messages, rules } from './rules.ts';
import type { ExpressionContext } from './scope.ts';
import { closestName, withSuggestion } from './suggestions.ts';

/**
 * Arguments that name one of a fixed set of words (the date part of `datetime_add`), each list as
 * the function's reference page gives it. A string literal outside the list is an error with the
 * closest word as its fix; the words match without regard to case (the pages write `dayOfYear`).
 */
const wordArguments: Record<string, { index: number; parameter: string; words: readonly string[] }> = {
  datetime_add: { index: 0, parameter: 'part', words: ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millisecond', 'microsecond'] },
  datetime_diff: {
    index: 0,
    parameter: 'part',
    words: ['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'],
  },
  datetime_part: {
    index: 0,
    parameter: 'part',
    words: ['year', 'quarter', 'month', 'week_of_year', 'day', 'dayOfYear', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond'],
  },
};

export function checkWordArguments(call: CallNode, context: ExpressionContext): void {
  const spec = wordArguments[call.callee.name];
  const argument: Argument | undefined = spec && call.args[spec.index];
  if (!spec || argument?.kind !== 'Literal' || typeof argument.value !== 'string') return;
  const word = argument.value;
  if (spec.words.some((known) => known.toLowerCase() === word.toLowerCase())) return;
  const suggestion = closestName(word, spec.words);
  const message = withSuggestion(messages.unknownWord(call.callee.name, spec.parameter, word, spec.words), suggestion);
  context.state.report(rules.unknownWord, argument, message, suggestion === undefined ? undefined : [suggestion]);
}
