/** A bound on what a cache holds beside its count: the sum of its values' weights. */
export interface CacheWeight<V> {
  of: (value: V) => number;
  max: number;
}

interface Entry<V> {
  value: Promise<V>;
  /** When its making began. */
  madeAt: number;
  expiresAt: number;
  /** Its weight once made (0 while being made). */
  weight: number;
  /** Whether it is being made again behind the callers (`refreshAfterMs`). */
  refreshing: boolean;
}

/**
 * Values kept for `ttlMs` under a key, at most `capacity` of them (the least recently read go
 * first), and with `weight` at most that much of them in all. Callers asking for a key while its
 * value is being made share that one making; a making that fails is not kept. With
 * `refreshAfterMs`, a value that old is made again behind its callers, who get the one kept until
 * the new one is made (never one older than `ttlMs`): under load, every caller of a key waiting on
 * its making each time it expired stalled them all.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private weighed = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
    private readonly weight?: CacheWeight<V>,
    private readonly refreshAfterMs?: number,
  ) {}

  get(key: string, make: () => Promise<V>): Promise<V> {
    const now = this.now();
    const held = this.entries.get(key);
    if (held && held.expiresAt > now) {
      this.entries.delete(key);
      this.entries.set(key, held);
      if (this.refreshAfterMs !== undefined && now - held.madeAt >= this.refreshAfterMs && !held.refreshing) this.refresh(key, held, make, now);
      return held.value;
    }
    if (held) this.forget(key);
    const value = make();
    this.keep(key, { value, madeAt: now, expiresAt: now + this.ttlMs, weight: 0, refreshing: false });
    return value;
  }

  /** Makes the value of `held` again; it takes the place of `held` if that is still kept once made. */
  private refresh(key: string, held: Entry<V>, make: () => Promise<V>, now: number): void {
    held.refreshing = true;
    make().then(
      (v) => {
        if (this.entries.get(key) !== held) return;
        this.forget(key);
        this.keep(key, { value: Promise.resolve(v), madeAt: now, expiresAt: now + this.ttlMs, weight: 0, refreshing: false });
      },
      () => (held.refreshing = false),
    );
  }

  private keep(key: string, entry: Entry<V>): void {
    this.entries.set(key, entry);
    entry.value.then(
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
