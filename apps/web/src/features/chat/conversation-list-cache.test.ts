import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '@atelier/contract/chat/conversation';
import {
  type ConversationList,
  markSummaryRead,
  reconcileUnread,
  setOtherLastRead,
  upsertSummary,
} from './conversation-list-cache';

const aSummary = (
  sid: string,
  overrides: Partial<ConversationSummary> = {},
): ConversationSummary => ({
  sid,
  name: `manufacturer:store_s1-customer_${sid}`,
  supplierId: 'cmp_a',
  supplierName: 'Acme Textiles',
  storeId: 's1',
  storeTitle: 'Demo store',
  avatarUrl: null,
  lastTime: '2025-03-04T10:00:00.000Z',
  lastMessagePreview: 'Hello',
  lastMessageIndex: 4,
  isConciergeRecommended: false,
  unreadCount: 0,
  otherLastReadIndex: null,
  ...overrides,
});

const aList = (...items: ConversationSummary[]): ConversationList => ({
  items,
  unreadTotal: items.reduce((total, item) => total + item.unreadCount, 0),
});

describe('upsertSummary', () => {
  it('moves an updated conversation to the top and adds its new unread messages to the total', () => {
    const list = aList(
      aSummary('cnv_a', { lastTime: '2025-03-04T10:00:00.000Z', unreadCount: 1 }),
      aSummary('cnv_b', { lastTime: '2025-03-03T10:00:00.000Z', unreadCount: 2 }),
    );
    const next = upsertSummary(
      list,
      aSummary('cnv_b', { lastTime: '2025-03-05T10:00:00.000Z', unreadCount: 3 }),
      { shouldInsert: true },
    );
    expect(next.items.map((item) => item.sid)).toEqual(['cnv_b', 'cnv_a']);
    expect(next.unreadTotal).toBe(4);
  });

  it('adds a conversation the list did not hold', () => {
    const next = upsertSummary(
      aList(aSummary('cnv_a')),
      aSummary('cnv_new', { unreadCount: 1, lastTime: '2025-03-06T10:00:00.000Z' }),
      {
        shouldInsert: true,
      },
    );
    expect(next.items.map((item) => item.sid)).toEqual(['cnv_new', 'cnv_a']);
    expect(next.unreadTotal).toBe(1);
  });

  it('keeps a search answer to its matches but still counts the unread change', () => {
    const list = aList(aSummary('cnv_a'));
    const next = upsertSummary(list, aSummary('cnv_other', { unreadCount: 1 }), {
      shouldInsert: false,
      unreadDelta: 1,
    });
    expect(next.items).toBe(list.items);
    expect(next.unreadTotal).toBe(1);
  });
});

describe('markSummaryRead', () => {
  it('clears the unread count of a conversation read to its last message', () => {
    const list = aList(
      aSummary('cnv_a', { unreadCount: 2 }),
      aSummary('cnv_b', { unreadCount: 1 }),
    );
    const next = markSummaryRead(list, 'cnv_a', 4);
    expect(next.items[0]?.unreadCount).toBe(0);
    expect(next.unreadTotal).toBe(1);
  });

  it('leaves the count alone when the read marker stops before the last message', () => {
    const list = aList(aSummary('cnv_a', { unreadCount: 2 }));
    expect(markSummaryRead(list, 'cnv_a', 3)).toBe(list);
  });
});

describe('reconcileUnread', () => {
  it('drops the unread count of a summary computed before this tab read the conversation', () => {
    expect(reconcileUnread(aSummary('cnv_a', { unreadCount: 1 }), 4).unreadCount).toBe(0);
  });

  it('keeps the count when a newer message is unread', () => {
    expect(reconcileUnread(aSummary('cnv_a', { unreadCount: 1 }), 3).unreadCount).toBe(1);
    expect(reconcileUnread(aSummary('cnv_a', { unreadCount: 1 }), undefined).unreadCount).toBe(1);
  });
});

describe('setOtherLastRead', () => {
  it('moves the other party marker forward only', () => {
    const list = aList(aSummary('cnv_a', { otherLastReadIndex: 3 }));
    expect(setOtherLastRead(list, 'cnv_a', 4).items[0]?.otherLastReadIndex).toBe(4);
    expect(setOtherLastRead(list, 'cnv_a', 2)).toBe(list);
  });
});
