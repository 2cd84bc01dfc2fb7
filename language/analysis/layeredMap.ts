/** What a `LayeredMap` reads through to. */
export interface Lookup<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
}

/**
 * A map that answers from `below` what it does not hold itself, without copying it: a function
 * body's scope over its query's, an analysis over the one of the statements its text begins with
 * (a notebook cell's over its prelude's). Only lookups read through; iteration sees this map's
 * own entries.
 */
export class LayeredMap<K, V> extends Map<K, V> {
  constructor(private readonly below: Lookup<K, V> | undefined) {
    super();
  }

  override get(key: K): V | undefined {
    return super.has(key) || !this.below ? super.get(key) : this.below.get(key);
  }

  override has(key: K): boolean {
    return super.has(key) || (this.below?.has(key) ?? false);
  }
}
