/**
 * "Did you mean …?" for unknown names: the candidate that differs only in case, else the
 * closest by edit distance, when it is close enough to be a likely typo.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of candidates) {
    if (candidate.toLowerCase() === lower) return candidate;
    if (Math.abs(candidate.length - name.length) >= bestDistance) continue;
    const distance = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

export function withSuggestion(message: string, suggestion: string | undefined): string {
  return suggestion ? `${message} Did you mean '${suggestion}'?` : message;
}

/** Optimal-string-alignment distance (a swap of neighbours counts once), cut off at `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previousPrevious[j - 2] + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum >= limit) return limit;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length];
}
