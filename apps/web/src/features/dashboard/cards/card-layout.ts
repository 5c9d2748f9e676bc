import { hasAnyPermission } from '@osp/shared';

/**
 * The dashboard's cards as data (issue 15): which the person sees, in what order, and how wide on a desktop. The
 * registry itself (cards.tsx) lists the components; this file holds the rules, free of React so they can be tested.
 */

/** What every card of the registry declares. */
export interface CardEntry {
  key: string;
  /** Smaller first; leave gaps (10, 20, …) so a later card slots in without renumbering. */
  order: number;
  /** Columns of 24 on a desktop; every card takes the whole width on a phone. */
  width: number;
  /** The person needs one of these permissions to see the card; absent: everyone signed in. */
  anyOf?: readonly [string, ...string[]];
}

/** The cards this person sees, in order. The server refuses the card's calls without the permission too. */
export function visibleCards<T extends CardEntry>(cards: readonly T[], permissions: readonly string[]): T[] {
  return cards.filter((card) => card.anyOf === undefined || hasAnyPermission(permissions, card.anyOf)).sort((a, b) => a.order - b.order);
}

/**
 * The desktop width of each visible card: cards fill rows of 24 in order, and the last card of a row that a hidden
 * card left short widens to the row's end, so a missing card leaves no hole.
 */
export function arrangeCards<T extends CardEntry>(cards: readonly T[]): { card: T; span: number }[] {
  const placed: { card: T; span: number }[] = [];
  let used = 0;
  const closeRow = () => {
    const last = placed.at(-1);
    if (last && used > 0 && used < 24) last.span += 24 - used;
    used = 0;
  };
  for (const card of cards) {
    const span = Math.min(24, Math.max(1, card.width));
    if (used + span > 24) closeRow();
    placed.push({ card, span });
    used += span;
  }
  closeRow();
  return placed;
}
