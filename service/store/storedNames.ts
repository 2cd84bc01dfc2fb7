/**
 * Names as DuckDB stores them. Dataset and field names are case-sensitive (as in the public
 * service), but DuckDB matches identifiers without regard to ASCII letter case (only ASCII: `É` and
 * `é` stay apart), and cannot spell an empty identifier or one with a NUL. So every table and column
 * name goes through `storedName`, which is injective even after ASCII case folding:
 *
 *   - an ASCII capital `X` becomes `^X` (a lower-case letter never follows `^`, so `^x` is never
 *     produced and `^X` folds to nothing else);
 *   - `^` becomes `^^`, NUL becomes `^0`;
 *   - the empty name becomes a lone `^` (any other `^` comes in a pair).
 *
 * Names without capitals, `^` or NUL (`_time`, `geo.city`) are stored as they are.
 */
import { quoteName } from './sqlText.ts';

export function storedName(name: string): string {
  if (name === '') return '^';
  return name.replace(/[A-Z^\0]/g, (char) => (char === '\0' ? '^0' : `^${char}`));
}

/** The name `storedName` was given for `stored` (a name it did not produce comes back as it is). */
export function logicalName(stored: string): string {
  if (stored === '^') return '';
  return stored.replace(/\^([A-Za-z^0])/g, (_, char: string) => (char === '0' ? '\0' : char === '^' ? '^' : char.toUpperCase()));
}

/** The quoted SQL identifier of a dataset's table or a field's column. */
export function storedIdent(name: string): string {
  return quoteName(storedName(name));
}
