/** Bringing a compiled value to another type: as JSON, text, number or boolean, or to the type of the other side of a comparison. */
import { convertTo } from './conversions.ts';
import { re2Spelling } from './regexGroups.ts';
import { stringLiteral } from './sql.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { isNumeric, sqlTypeOf, type ScalarType } from './types.ts';

/**
 * A value as a dynamic (JSON) value. Datetimes and timespans enter dynamic values as their APL texts
 * (2024-01-01T00:00:00Z, 1.5s), the way make_list, pack_array and bag_pack show them in the reference.
 */
export function asJson(value: Compiled): string {
  if (value.type === 'dynamic') return value.sql;
  if (value.type === 'datetime' || value.type === 'timespan') return `to_json(${asString(value)})`;
  return `to_json(${value.sql})`;
}

/** A JSON element as text: strings unquoted, everything else in its JSON form. */
export function jsonElementText(element: string): string {
  return `(CASE WHEN json_type(${element}) = 'VARCHAR' THEN json_extract_string(${element}, '$') ELSE CAST(${element} AS VARCHAR) END)`;
}

/** A regular expression argument: a string literal (also through a let) spelt for RE2 (`re2Spelling`), any other value as text. */
export function asRegex(value: Compiled): string {
  return value.text === undefined ? asString(value) : stringLiteral(re2Spelling(value.text));
}

/** A value as text, the way `tostring` shows it. */
export function asString(value: Compiled): string {
  switch (value.type) {
    case 'string':
      return value.sql;
    case 'unknown':
      return `CAST(${value.sql} AS VARCHAR)`;
    case 'dynamic':
      // A JSON null is no text at all (tostring gives '' for it, like for a null).
      return `(CASE json_type(${value.sql}) WHEN 'VARCHAR' THEN json_extract_string(${value.sql}, '$') WHEN 'NULL' THEN NULL ELSE CAST(${value.sql} AS VARCHAR) END)`;
    case 'datetime':
      return `regexp_replace(strftime(${value.sql}, '%Y-%m-%dT%H:%M:%S.%n'), '\\.?0*$', '') || 'Z'`; // %n: nanoseconds (TIMESTAMP_NS keeps them)
    case 'bool':
      return `(CASE WHEN ${value.sql} THEN 'true' WHEN NOT ${value.sql} THEN 'false' END)`;
    case 'timespan':
      return `apl_duration_text(${value.sql})`;
    case 'real':
      return `apl_real_text(${value.sql})`;
    default:
      return `CAST(${value.sql} AS VARCHAR)`;
  }
}

export function asNumber(value: Compiled): string {
  if (value.type === 'dynamic') return `TRY_CAST(json_extract_string(${value.sql}, '$') AS DOUBLE)`;
  if (value.type === 'string') return `TRY_CAST(${value.sql} AS DOUBLE)`;
  if (value.type === 'bool') return `CAST(${value.sql} AS BIGINT)`;
  return value.sql;
}

export function asBool(value: Compiled): string {
  if (value.type === 'bool' || value.type === 'unknown') return value.sql;
  if (value.type === 'dynamic') return `TRY_CAST(json_extract_string(${value.sql}, '$') AS BOOLEAN)`;
  if (isNumeric(value.type)) return `(${value.sql} <> 0)`;
  return `TRY_CAST(${value.sql} AS BOOLEAN)`;
}

/** Brings a value to another side's type for a comparison. */
export function coerceTo(value: Compiled, type: ScalarType): Compiled {
  if (value.type === type || value.type === 'unknown' || type === 'unknown') return value;
  if (isNumeric(type) && isNumeric(value.type)) return value;
  if (type === 'string') return { sql: asString(value), type };
  if (type === 'dynamic') return value;
  if (value.type !== 'dynamic' && value.type !== 'string') return value;
  // Texts read as datetimes and timespans the way literals and todatetime/totimespan read them (a literal while compiling).
  if (type === 'datetime' || type === 'timespan') return convertTo(value, type);
  const text = value.type === 'dynamic' ? `json_extract_string(${value.sql}, '$')` : value.sql;
  return { sql: `TRY_CAST(${text} AS ${sqlTypeOf(type)})`, type };
}

/**
 * `set stricttypes` (set-statement page: "only the exact type ... Otherwise, it throws"): the sides
 * of a comparison must be of one type (numbers count as one), neither converted to the other's.
 * Dynamic values and untyped nulls carry no declared type and compare with anything.
 */
export function requireExactTypes(left: Compiled, right: Compiled, scope: ExpressionScope, at: number): void {
  const family = (type: ScalarType) => (isNumeric(type) ? 'number' : type);
  if ([left.type, right.type].some((type) => type === 'dynamic' || type === 'unknown') || family(left.type) === family(right.type)) return;
  throw scope.errors.at(at, `set stricttypes: cannot compare ${left.type} with ${right.type}`, 'semantic');
}
