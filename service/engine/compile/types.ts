import type { ScalarType } from '../../../language/analysis/analyzer.ts';

export type { ScalarType };

/** A column flowing between stages; `array` marks dynamic columns known to hold arrays. */
export interface Column {
  name: string;
  type: ScalarType;
  array?: boolean;
}

/** The DuckDB type that holds an APL type. Dynamic values are JSON text. */
export function sqlTypeOf(type: ScalarType): string {
  switch (type) {
    case 'bool':
      return 'BOOLEAN';
    case 'int':
    case 'long':
      return 'BIGINT';
    case 'real':
      return 'DOUBLE';
    case 'datetime':
      return 'TIMESTAMP';
    case 'timespan':
      return 'INTERVAL';
    case 'dynamic':
      return 'JSON';
    default:
      return 'VARCHAR';
  }
}

/** The APL type of a stored DuckDB column (see the event store's layout). */
export function aplTypeOfSql(sqlType: string): ScalarType {
  const upper = sqlType.toUpperCase();
  if (upper === 'BOOLEAN') return 'bool';
  if (['BIGINT', 'INTEGER', 'SMALLINT', 'TINYINT', 'HUGEINT', 'UBIGINT', 'UINTEGER', 'USMALLINT', 'UTINYINT'].includes(upper)) return 'long';
  if (upper === 'DOUBLE' || upper === 'FLOAT' || upper.startsWith('DECIMAL')) return 'real';
  if (upper.startsWith('TIMESTAMP') || upper === 'DATE') return 'datetime';
  if (upper === 'INTERVAL') return 'timespan';
  if (upper === 'JSON' || upper.endsWith('[]') || upper.startsWith('STRUCT') || upper.startsWith('MAP')) return 'dynamic';
  return 'string';
}

/** The service's field type names (schema and wire). */
export function fieldTypeName(column: Column): string {
  switch (column.type) {
    case 'bool':
      return 'boolean';
    case 'int':
    case 'long':
      return 'integer';
    case 'real':
      return 'float';
    case 'datetime':
      return 'datetime';
    case 'timespan':
      return 'timespan';
    case 'dynamic':
      return column.array ? 'array' : 'object';
    case 'string':
      return 'string';
    default:
      return 'unknown';
  }
}

/** A type name as APL writes it (`int`, `long`, `date`, `time`, `double`, `boolean`, ...). */
export function typeFromName(name: string): ScalarType | undefined {
  const folded: Record<string, ScalarType> = {
    bool: 'bool', boolean: 'bool', int: 'long', long: 'long', real: 'real', double: 'real', float: 'real',
    string: 'string', datetime: 'datetime', date: 'datetime', timespan: 'timespan', time: 'timespan', dynamic: 'dynamic',
  };
  return folded[name.toLowerCase()];
}

export const isNumeric = (type: ScalarType) => type === 'int' || type === 'long' || type === 'real';
export const isInteger = (type: ScalarType) => type === 'int' || type === 'long';
