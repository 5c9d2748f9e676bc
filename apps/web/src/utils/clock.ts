import { useSyncExternalStore } from 'react';

/**
 * One clock for every relative time on screen (3 分钟前 stays true while a page stays open): one interval for the
 * whole app, started by the first time shown and stopped when the last one goes, never a timer per row.
 *
 * Every 30 s, not every minute: 刚刚 ends at 30 s (SPEC §9), and a minute's tick would leave a bill sent 30 s ago
 * reading 刚刚 for up to a minute more. A tick costs little: each time reads its own text from the clock, and React
 * re-renders only those whose text changed.
 */
export const TICK_MS = 30_000;
/** A reading older than this is taken again when a time appears, so a row shown just now is measured from now. */
const FRESH_MS = 1_000;

let now = Date.now();
/** Older than FRESH_MS, or from ahead of the clock (the computer's clock was set back). */
const isStale = () => Math.abs(Date.now() - now) > FRESH_MS;
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function tick(): void {
  now = Date.now();
  for (const listener of listeners) listener();
}

/** A tab in the background has its timers slowed by the browser; coming back to the front it reads the clock at once. */
function handleVisibility(): void {
  if (document.visibilityState === 'visible') tick();
}

export function subscribeClock(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    timer = setInterval(tick, TICK_MS);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', handleVisibility);
  }
  // A row appearing between ticks: every time on screen is read again from the same moment.
  if (isStale()) tick();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0 || timer === null) return;
    clearInterval(timer);
    timer = null;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', handleVisibility);
  };
}

/**
 * The clock's last reading, in milliseconds. With nothing subscribed it is read afresh (at most once a second, so
 * that React sees the same value twice in one render), so the first time shown after a quiet hour is not an hour off.
 */
export function clockNow(): number {
  if (listeners.size === 0 && isStale()) now = Date.now();
  return now;
}

/** A text computed from the shared clock; the component re-renders when the text changes, not on every tick. */
export function useClockText(textAt: (now: number) => string): string {
  return useSyncExternalStore(subscribeClock, () => textAt(clockNow()));
}
