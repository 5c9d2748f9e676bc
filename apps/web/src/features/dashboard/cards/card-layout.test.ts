import { describe, expect, it } from 'vitest';
import { arrangeCards, visibleCards, type CardEntry } from './card-layout';
import { DASHBOARD_CARDS } from './cards';

const keys = (cards: readonly { key: string }[]) => cards.map((c) => c.key);

describe('the dashboard card registry', () => {
  const cards: CardEntry[] = [
    { key: 'late', order: 30, width: 24 },
    { key: 'points', order: 20, width: 8, anyOf: ['point_rank'] },
    { key: 'first', order: 10, width: 16 },
    { key: 'admin', order: 40, width: 24, anyOf: ['sys_user', 'sys_role'] },
  ];

  it('shows a card with a permission only to those who hold one of its permissions, in order', () => {
    expect(keys(visibleCards(cards, []))).toEqual(['first', 'late']);
    expect(keys(visibleCards(cards, ['point_rank']))).toEqual(['first', 'points', 'late']);
    expect(keys(visibleCards(cards, ['sys_role', 'point_rank']))).toEqual(['first', 'points', 'late', 'admin']);
  });

  it('widens the last card of a row that a hidden card left short', () => {
    const spans = (permissions: string[]) => arrangeCards(visibleCards(cards, permissions)).map(({ card, span }) => [card.key, span]);
    expect(spans(['point_rank'])).toEqual([
      ['first', 16],
      ['points', 8],
      ['late', 24],
    ]);
    expect(spans([])).toEqual([
      ['first', 24],
      ['late', 24],
    ]);
  });

  it('gives 我的积分 to holders of point_rank only, and each card a unique key', () => {
    expect(keys(visibleCards(DASHBOARD_CARDS, ['point_rank']))).toContain('points');
    expect(keys(visibleCards(DASHBOARD_CARDS, ['bill_admin']))).not.toContain('points');
    expect(new Set(keys(DASHBOARD_CARDS)).size).toBe(DASHBOARD_CARDS.length);
    // Whatever is hidden, every desktop row is full.
    for (const permissions of [[], ['point_rank']]) {
      const total = arrangeCards(visibleCards(DASHBOARD_CARDS, permissions)).reduce((sum, { span }) => sum + span, 0);
      expect(total % 24).toBe(0);
    }
  });
});
