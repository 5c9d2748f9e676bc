import { describe, expect, it } from 'vitest';
import { createMenuVersionTracker, MENU_PATH } from './menu-version';

/** A tracker and how many times it asked for the menu again. */
function tracked() {
  let reloads = 0;
  const tracker = createMenuVersionTracker(() => {
    reloads += 1;
  });
  return { tracker, reloads: () => reloads };
}

describe('the menu version tracker', () => {
  it('takes its baseline from the menu answer itself, and reloads nothing while answers name that version', () => {
    const { tracker, reloads } = tracked();
    // Before the first menu answer there is nothing to compare with: the profile may come first.
    tracker.answered('/api/user/profile', 'v1', true);
    tracker.answered(MENU_PATH, 'v1', true);
    tracker.answered('/api/bills', 'v1', true);
    tracker.answered('/api/dashboard', 'v1', true);
    tracker.answered('/api/article/force/view', 'v1', true);
    expect(reloads()).toBe(0);
  });

  it('reloads exactly once for a new version, however many answers bring it', () => {
    const { tracker, reloads } = tracked();
    tracker.answered(MENU_PATH, 'v1', true);
    tracker.answered('/api/bills', 'v2', true);
    tracker.answered('/api/dashboard', 'v2', true);
    tracker.answered('/api/article/force/view', 'v2', false);
    expect(reloads()).toBe(1);
    // The reloaded menu brings v2: answers naming it change nothing more.
    tracker.answered(MENU_PATH, 'v2', true);
    tracker.answered('/api/bills', 'v2', true);
    expect(reloads()).toBe(1);
  });

  it('reloads again for each later version, and for a change back to an earlier one', () => {
    const { tracker, reloads } = tracked();
    tracker.answered(MENU_PATH, 'v1', true);
    tracker.answered('/api/bills', 'v2', true);
    // A second change before the reload came back: the menu is asked for again, with the newest version.
    tracker.answered('/api/bills', 'v3', true);
    expect(reloads()).toBe(2);
    tracker.answered(MENU_PATH, 'v3', true);
    tracker.answered('/api/bills', 'v1', true);
    expect(reloads()).toBe(3);
  });

  it('ignores answers without the header, and a failed menu answer is not a loaded menu', () => {
    const { tracker, reloads } = tracked();
    tracker.answered(MENU_PATH, 'v1', true);
    tracker.answered('/api/settings', null, true);
    tracker.answered(MENU_PATH, null, true);
    expect(reloads()).toBe(0);
    // The menu call failed with v2: the menu on screen is still v1's, so v2 asks for it again.
    tracker.answered(MENU_PATH, 'v2', false);
    expect(reloads()).toBe(1);
    tracker.answered('/api/bills', 'v2', true);
    expect(reloads()).toBe(1);
  });
});
