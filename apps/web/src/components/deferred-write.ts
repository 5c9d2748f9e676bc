import { useEffect, useState } from 'react';

/**
 * A write put off until typing rests (one sessionStorage write per pause, not per keystroke), yet never
 * dropped: when the page goes away — the browser's back button unmounts it, a reload or a closed tab hides
 * it — the write still pending is done at once, so the last keystrokes are kept with the rest.
 */
export class DeferredWrite {
  private pending: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly delayMs: number) {}

  /** Replaces the pending write with `write`, done `delayMs` after the last call (or at `flush`). */
  schedule(write: () => void): void {
    this.pending = write;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** Does the pending write now, if there is one. */
  flush(): void {
    clearTimeout(this.timer);
    const write = this.pending;
    this.pending = null;
    write?.();
  }

  /** Forgets the pending write: what it would have kept was saved, or is no longer wanted. */
  cancel(): void {
    clearTimeout(this.timer);
    this.pending = null;
  }
}

/** A DeferredWrite flushed when the component unmounts and when the page is hidden for good (pagehide). */
export function useDeferredWrite(delayMs: number): DeferredWrite {
  const [deferred] = useState(() => new DeferredWrite(delayMs));
  useEffect(() => {
    const flush = () => deferred.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [deferred]);
  return deferred;
}
