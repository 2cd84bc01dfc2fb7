/**
 * The index of the first item for which `isBefore` is false, in a list where it holds for a
 * prefix and fails for the rest (a list sorted by what `isBefore` compares): a binary search.
 */
export function partitionPoint<T>(items: readonly T[], isBefore: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (isBefore(items[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}
