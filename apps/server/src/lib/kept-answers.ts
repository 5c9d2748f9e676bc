/**
 * Answers kept per person as the JSON sent, under a key naming the request, within a bound in bytes: the person used
 * longest ago goes first. What makes an answer still right is the owner's business (bills.box-cache.ts: a stamp per
 * person; articles.answers.ts: generations and a time); this only keeps them.
 */
export class KeptAnswers {
  private readonly people = new Map<number, Map<string, Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept for this person under `key`; a hit makes the person the most recently used. */
  get(person: number, key: string): Buffer | undefined {
    const answers = this.people.get(person);
    const kept = answers?.get(key);
    if (answers && kept !== undefined) {
      this.people.delete(person);
      this.people.set(person, answers);
    }
    return kept;
  }

  put(person: number, key: string, json: Buffer): void {
    let answers = this.people.get(person);
    if (answers) this.people.delete(person);
    else answers = new Map();
    this.people.set(person, answers);
    this.bytes += json.length - (answers.get(key)?.length ?? 0);
    answers.set(key, json);
    for (const [oldest, kept] of this.people) {
      if (this.bytes <= this.maxBytes || oldest === person) break;
      this.forgetAnswers(oldest, kept);
    }
  }

  /** Everything kept for this person. */
  forget(person: number): void {
    const answers = this.people.get(person);
    if (answers) this.forgetAnswers(person, answers);
  }

  clear(): void {
    this.people.clear();
    this.bytes = 0;
  }

  private forgetAnswers(person: number, answers: Map<string, Buffer>): void {
    for (const json of answers.values()) this.bytes -= json.length;
    this.people.delete(person);
  }
}

/**
 * Kept answers that hold while their owner's stamp does (a person's box stamp, a survey's results stamp): an answer is
 * given from memory only under the stamp it was computed under, and a new stamp forgets the owner's others. The
 * caller reads the stamp **before** computing, so a write committed meanwhile leaves a stamp no later request finds.
 */
export class StampedAnswers {
  private readonly kept: KeptAnswers;
  private readonly stamps = new Map<number, string>();

  constructor(maxBytes: number) {
    this.kept = new KeptAnswers(maxBytes);
  }

  async answer(owner: number, stamp: string, key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (this.stamps.get(owner) === stamp) {
      const kept = this.kept.get(owner, key);
      if (kept !== undefined) return kept;
    }
    const json = await compute();
    if (this.stamps.get(owner) !== stamp) {
      this.kept.forget(owner);
      this.stamps.set(owner, stamp);
    }
    this.kept.put(owner, key, json);
    return json;
  }
}
