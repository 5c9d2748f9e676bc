/**
 * At most `limit` takes per key in any `windowMs`, counted in this process's memory: a guard for public calls that have
 * no person to count (a survey's public link). Keys whose window has passed are dropped as new ones arrive, and the
 * map never holds more than `maxKeys` (the oldest go first), so a flood of addresses cannot grow it without bound.
 */
export class RateWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one take for `key` and says whether it is allowed; a refused take is not counted. */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    // Re-inserted last: the map's order is then the order of last use, and pruning starts at the stalest key.
    this.hits.delete(key);
    this.hits.set(key, recent);
    this.prune(since);
    return true;
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) {
      if (this.hits.size <= this.maxKeys && (times.at(-1) ?? 0) > since) break;
      this.hits.delete(key);
    }
  }
}
