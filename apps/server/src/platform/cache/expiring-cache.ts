/**
 * Values kept for `ttlMs` under a key, at most `capacity` of them (the least recently read go
 * first). Callers asking for a key while its value is being made share that one making; a making
 * that fails is not kept.
 */
export class ExpiringCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, make: () => Promise<V>): Promise<V> {
    const now = this.now();
    const held = this.entries.get(key);
    if (held && held.expiresAt > now) {
      this.entries.delete(key);
      this.entries.set(key, held);
      return held.value;
    }
    const value = make();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    for (const old of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(old);
    }
    return value;
  }

  /** Forgets everything: what was kept is no longer true. */
  clear(): void {
    this.entries.clear();
  }
}
