import pino from 'pino';

/** Where the joined lines go: pino's sonic-boom destination in production, a recorder in tests. */
export interface LogSink {
  write(text: string): unknown;
}

/**
 * The server log's destination: the lines written during one turn of the event loop reach stdout in
 * one write. pino's default destination makes one write(2) per line, and OSP logs a line per request:
 * that write was about 5 µs of a 35 µs signed-in request on the benchmark machine (docs/performance.md,
 * "The request log line"). sonic-boom's own `minLength` buffering does not help: it measures the whole
 * pending buffer again on every line, which costs what the saved writes gain.
 *
 * A line waits at most until the end of the current turn (setImmediate). Lines still pending when the
 * process exits — a crash, process.exit after a fatal start-up error — are written synchronously then.
 */
export class TurnBatchedLog {
  private pending: string[] = [];
  private isScheduled = false;
  constructor(private readonly sink: LogSink) {
    process.once('exit', () => this.flush());
  }

  /** pino calls this with one finished line (newline included). */
  write(line: string): boolean {
    this.pending.push(line);
    if (!this.isScheduled) {
      this.isScheduled = true;
      setImmediate(this.flush);
    }
    return true;
  }

  /** Writes what is pending now; pino's `logger.flush(callback)` reaches this with its callback. */
  readonly flush = (done?: () => void): void => {
    this.isScheduled = false;
    if (this.pending.length > 0) {
      const text = this.pending.length === 1 ? (this.pending[0] ?? '') : this.pending.join('');
      this.pending = [];
      this.sink.write(text);
    }
    done?.();
  };
}

/**
 * stdout through sonic-boom, synchronously: a turn's lines are out before the next turn begins, so
 * nothing but the current turn's lines can be lost, and pino's handling of a closed pipe (EPIPE: stop
 * logging) applies.
 */
export function stdoutLog(): TurnBatchedLog {
  return new TurnBatchedLog(pino.destination({ dest: 1, sync: true }));
}
