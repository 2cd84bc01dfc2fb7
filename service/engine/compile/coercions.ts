/** Bringing a compiled value to another type: as JSON, text, number or boolean, or to the type of the other side of a comparison. */
import type { Compiled } from './scope.ts';
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
      return `regexp_replace(strftime(${value.sql}, '%Y-%m-%dT%H:%M:%S.%f'), '\\.?0*$', '') || 'Z'`;
    case 'bool':
      return `(CASE WHEN ${value.sql} THEN 'true' WHEN NOT ${value.sql} THEN 'false' END)`;
    case 'timespan':
      return `apl_duration_text(${value.sql})`;
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
  if (value.type === 'dynamic') {
    const text = `json_extract_string(${value.sql}, '$')`;
    return { sql: `TRY_CAST(${text} AS ${sqlTypeOf(type)})`, type };
  }
  if (value.type === 'string') return { sql: `TRY_CAST(${value.sql} AS ${sqlTypeOf(type)})`, type };
  return value;
}
