/** A bound on what a cache holds beside its count: the sum of its values' weights. */
export interface CacheWeight<V> {
  of: (value: V) => number;
  max: number;
}

interface Entry<V> {
  value: Promise<V>;
  expiresAt: number;
  /** Its weight once made (0 while being made). */
  weight: number;
}

/**
 * Values kept for `ttlMs` under a key, at most `capacity` of them (the least recently read go
 * first), and with `weight` at most that much of them in all. Callers asking for a key while its
 * value is being made share that one making; a making that fails is not kept.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private weighed = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
    private readonly weight?: CacheWeight<V>,
  ) {}

  get(key: string, make: () => Promise<V>): Promise<V> {
    const now = this.now();
    const held = this.entries.get(key);
    if (held && held.expiresAt > now) {
      this.entries.delete(key);
      this.entries.set(key, held);
      return held.value;
    }
    if (held) this.forget(key);
    const value = make();
    const entry: Entry<V> = { value, expiresAt: now + this.ttlMs, weight: 0 };
    this.entries.set(key, entry);
    value.then(
      (v) => {
        if (this.entries.get(key) !== entry || !this.weight) return;
        entry.weight = this.weight.of(v);
        this.weighed += entry.weight;
        this.trim();
      },
      () => {
        if (this.entries.get(key) === entry) this.forget(key);
      },
    );
    this.trim();
    return value;
  }

  /** Forgets everything: what was kept is no longer true. */
  clear(): void {
    this.entries.clear();
    this.weighed = 0;
  }

  private forget(key: string): void {
    this.weighed -= this.entries.get(key)?.weight ?? 0;
    this.entries.delete(key);
  }

  /** The least recently read go while there are too many, or too heavy ones. */
  private trim(): void {
    for (const old of this.entries.keys()) {
      if (this.entries.size <= this.capacity && (!this.weight || this.weighed <= this.weight.max)) break;
      this.forget(old);
    }
  }
}
