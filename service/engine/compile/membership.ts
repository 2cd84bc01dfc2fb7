/**
 * `x in (...)` over its compiled items: scalars are listed for SQL IN, and a dynamic item counts with
 * its elements when it is an array — `status in (parse_csv('200,304'))` (parse-csv.mdx; Kusto expands
 * dynamic arrays in the list the same way).
 */
import { asJson, asString, coerceTo } from './coercions.ts';
import type { Compiled } from './scope.ts';

/** SQL for "value is one of the items"; `value` is the left side as compiled (lowered when caseless). */
export function membershipTest(value: string, left: Compiled, items: Compiled[], caseless: boolean): string {
  const like = (item: Compiled) => (caseless ? `lower(${asString(item)})` : coerceTo(item, left.type).sql);
  const scalars = items.filter((item) => item.type !== 'dynamic').map(like);
  const tests = scalars.length ? [`${value} IN (${scalars.join(', ')})`] : [];
  for (const item of items.filter((candidate) => candidate.type === 'dynamic')) {
    const json = asJson(item);
    const element = like({ sql: 'apl_m', type: 'dynamic' });
    tests.push(`(CASE WHEN json_type(${json}) = 'ARRAY' THEN list_contains(list_transform(CAST(${json} AS JSON[]), apl_m -> ${element}), ${value}) ELSE ${like(item)} = ${value} END)`);
  }
  return `(${tests.join(' OR ')})`;
}
