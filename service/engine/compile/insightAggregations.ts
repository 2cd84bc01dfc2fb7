/**
 * The two aggregations that summarise rather than compute: `phrases(text, n)`, the most frequent
 * phrases of a text column, and `spotlight(predicate, fields...)`, what distinguishes the rows
 * matching the predicate from the rest. Both yield a dynamic array.
 */
import type { CallNode, Expression } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { compileExpression, intervalMicros, microsToInterval } from './expressions.ts';
import { asBool, asNumber, asString } from './coercions.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { ident, stringLiteral } from './sql.ts';
import { isNumeric } from './types.ts';

/** Words that end a phrase (they carry no topic of their own). */
const stopWords = [
  'a', 'about', 'after', 'again', 'all', 'also', 'am', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'before', 'being', 'but', 'by',
  'can', 'could', 'did', 'do', 'does', 'doing', 'for', 'from', 'had', 'has', 'have', 'having', 'he', 'her', 'here', 'hers', 'him', 'his',
  'how', 'i', 'if', 'in', 'into', 'is', 'it', 'its', 'just', 'me', 'more', 'most', 'my', 'no', 'nor', 'not', 'now', 'of', 'off', 'on',
  'once', 'only', 'or', 'other', 'our', 'ours', 'out', 'over', 'own', 's', 'same', 'she', 'should', 'so', 'some', 'such', 't', 'than',
  'that', 'the', 'their', 'them', 'then', 'there', 'these', 'they', 'this', 'those', 'through', 'to', 'too', 'under', 'until', 'up',
  'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'while', 'who', 'whom', 'why', 'will', 'with', 'would', 'you', 'your',
];

/**
 * A text's candidate phrases: lower-cased, cut at punctuation and at stop words, each remaining
 * run of words one phrase (with single spaces).
 */
function phrasesOf(text: string): string {
  const cut = `regexp_replace(lower(${text}), ${stringLiteral(`\\b(?:${stopWords.join('|')})\\b`)}, '|', 'g')`;
  const pieces = `regexp_split_to_array(${cut}, '[^\\p{L}\\p{N}\\s]+')`;
  return `list_filter(list_transform(${pieces}, apl_p -> regexp_replace(trim(apl_p), '\\s+', ' ', 'g')), apl_p -> apl_p <> '')`;
}

/** `phrases(text, n)`: the n most frequent phrases as `{phrase, count}`, most frequent first (ties by phrase). */
export function phrasesAggregation(call: CallNode, scope: ExpressionScope, args: Expression[]): Compiled {
  if (args.length < 2) throw scope.errors.at(call.start, 'phrases() expects a text column and the number of phrases', 'semantic');
  const text = asString(compileExpression(args[0]!, scope));
  const limit = `CAST(${asNumber(compileExpression(args[1]!, scope))} AS BIGINT)`;
  const all = `flatten(list(${phrasesOf(text)}) FILTER (WHERE ${text} IS NOT NULL))`;
  const ranked = `list_sort(list_transform(map_entries(list_aggregate(${all}, 'histogram')), apl_e -> {'rank': -apl_e.value, 'phrase': apl_e.key, 'count': apl_e.value}))`;
  return { sql: `to_json(coalesce(list_transform(list_slice(${ranked}, 1, ${limit}), apl_e -> {'phrase': apl_e.phrase, 'count': apl_e.count}), []))`, type: 'dynamic', array: true };
}

/** The most values of one categorical field spotlight reports. */
const valuesPerField = 10;

/**
 * `spotlight(predicate, f1, f2, ... | *)`: the selected rows (predicate true) against the baseline
 * (the rest). A categorical field (string, bool, dynamic) yields one entry per value with both
 * counts, both shares, the lift (selected share / baseline share) and the score |difference of
 * shares|; a numeric field (integer, real, timespan) yields one entry with both quartile summaries
 * and the score |difference of medians| / (overall max − min). Entries come highest score first.
 */
export function spotlightAggregation(call: CallNode, scope: ExpressionScope, args: Expression[]): Compiled {
  if (args.length < 2) throw scope.errors.at(call.start, 'spotlight() expects a predicate and at least one field', 'semantic');
  const selected = `coalesce(${asBool(compileExpression(args[0]!, scope))}, FALSE)`;
  const fields: { name: string; value: Compiled }[] = [];
  for (const expression of args.slice(1)) {
    if (expression.kind === 'Star') {
      for (const column of scope.columns) {
        if (column.name === '_time' || column.name === '_sysTime') continue;
        fields.push({ name: column.name, value: { sql: ident(column.name), type: column.type, array: column.array } });
      }
      continue;
    }
    fields.push({ name: columnNameOf(expression) ?? 'expression', value: compileExpression(expression, scope) });
  }
  const counts = `{'ns': count(*) FILTER (WHERE ${selected}), 'nb': count(*) FILTER (WHERE NOT ${selected})}`;
  const entries = fields.map(({ name, value }) => (isNumeric(value.type) || value.type === 'timespan' ? numericEntries(name, value, selected) : categoricalEntries(name, value, selected)));
  const all = `flatten([${entries.join(', ')}])`;
  const ranked = `list_transform(list_sort(${all}), apl_e -> apl_e.entry)`;
  return { sql: `to_json(list_transform([${counts}], apl_n -> ${ranked})[1])`, type: 'dynamic', array: true };
}

/** Entries `{rank, entry}` of one categorical field, its values' shares in each cohort (apl_n holds the cohort sizes). */
function categoricalEntries(name: string, value: Compiled, selected: string): string {
  const text = asString(value);
  const histograms = `{'hs': histogram(${text}) FILTER (WHERE ${selected}), 'hb': histogram(${text}) FILTER (WHERE NOT ${selected})}`;
  const keys = `list_distinct(list_concat(coalesce(map_keys(apl_h.hs), []), coalesce(map_keys(apl_h.hb), [])))`;
  const ns = `coalesce(apl_h.hs[apl_k], 0)`;
  const nb = `coalesce(apl_h.hb[apl_k], 0)`;
  const shareSelected = `(${ns} / nullif(apl_n.ns, 0))`;
  const shareBaseline = `(${nb} / nullif(apl_n.nb, 0))`;
  const score = `abs(coalesce(${shareSelected}, 0) - coalesce(${shareBaseline}, 0))`;
  const entry = `json_object('field', ${stringLiteral(name)}, 'kind', 'categorical', 'value', apl_k, 'selected_count', ${ns}, 'baseline_count', ${nb}, 'selected_share', ${shareSelected}, 'baseline_share', ${shareBaseline}, 'lift', ${shareSelected} / nullif(${shareBaseline}, 0), 'score', ${score})`;
  const perValue = `list_sort(list_transform(${keys}, apl_k -> {'rank': -${score}, 'field': ${stringLiteral(name)}, 'value': apl_k, 'entry': ${entry}}))`;
  return `list_transform([${histograms}], apl_h -> list_transform(list_slice(${perValue}, 1, ${valuesPerField}), apl_v -> {'rank': apl_v.rank, 'field': apl_v.field, 'value': apl_v.value, 'entry': apl_v.entry}))[1]`;
}

/** The one entry `{rank, entry}` of a numeric field: quartiles of each cohort. */
function numericEntries(name: string, value: Compiled, selected: string): string {
  const timespan = value.type === 'timespan';
  const number = timespan ? intervalMicros(value.sql) : `CAST(${value.sql} AS DOUBLE)`;
  const shown = (sql: string) => (timespan ? `apl_duration_text(${microsToInterval(sql)})` : sql);
  const summary = (filter: string) =>
    `json_object('min', ${shown(`min(${number}) FILTER (WHERE ${filter})`)}, 'p25', ${shown(`quantile_cont(${number}, 0.25) FILTER (WHERE ${filter})`)}, 'p50', ${shown(`quantile_cont(${number}, 0.5) FILTER (WHERE ${filter})`)}, 'p75', ${shown(`quantile_cont(${number}, 0.75) FILTER (WHERE ${filter})`)}, 'max', ${shown(`max(${number}) FILTER (WHERE ${filter})`)})`;
  const medians = `abs(quantile_cont(${number}, 0.5) FILTER (WHERE ${selected}) - quantile_cont(${number}, 0.5) FILTER (WHERE NOT ${selected}))`;
  const score = `coalesce(${medians} / nullif(max(${number}) - min(${number}), 0), 0)`;
  const entry = `json_object('field', ${stringLiteral(name)}, 'kind', 'numeric', 'selected', ${summary(selected)}, 'baseline', ${summary(`NOT ${selected}`)}, 'score', ${score})`;
  return `[{'rank': -${score}, 'field': ${stringLiteral(name)}, 'value': CAST(NULL AS VARCHAR), 'entry': ${entry}}]`;
}
