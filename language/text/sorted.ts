/**
 * How many of `items`, sorted by `key`, have a key of at most `bound`: a binary search, for the
 * long lists in text order that a notebook cell's prelude brings (its statements, tokens, lets).
 */
export function countUpTo<T>(items: readonly T[], key: (item: T) => number, bound: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (key(items[middle]!) <= bound) low = middle + 1;
    else high = middle;
  }
  return low;
}
