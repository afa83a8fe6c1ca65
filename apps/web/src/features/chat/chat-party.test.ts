import { describe, expect, it } from 'vitest';
import type { Message } from '@atelier/contract/chat/message';
import { findSeenMessageIndex, hasUnreadAfter, isOwnAuthor } from './chat-party';

const aMessage = (index: number, author: string): Message => ({
  sid: `msg_${index}`,
  conversationId: 'cnv_1',
  index,
  author,
  authorName: author,
  body: 'hi',
  payload: { type: 'TEXT' },
  attachments: { fileUrls: [], imageUrls: [], videoUrls: [], pdfUrls: [] },
  createdAt: '2025-03-04T10:00:00.000Z',
});

const messages = [aMessage(0, 'store_s1'), aMessage(1, 'customer_cmp_a'), aMessage(2, 'store_s1')];

describe('isOwnAuthor', () => {
  it('treats store_ authors as the store side and the others as the supplier side', () => {
    expect(isOwnAuthor('STORE', 'store_s1')).toBe(true);
    expect(isOwnAuthor('STORE', 'customer_cmp_a')).toBe(false);
    expect(isOwnAuthor('SUPPLIER', 'customer_cmp_a')).toBe(true);
  });
});

describe('findSeenMessageIndex', () => {
  it('marks the last own message seen once the other read marker covers it', () => {
    expect(findSeenMessageIndex('STORE', messages, 2)).toBe(2);
    expect(findSeenMessageIndex('STORE', messages, 5)).toBe(2);
  });

  it('says nothing while the other party has not read the last own message', () => {
    expect(findSeenMessageIndex('STORE', messages, 1)).toBeNull();
    expect(findSeenMessageIndex('STORE', messages, null)).toBeNull();
  });

  it('looks at the viewer side only', () => {
    expect(findSeenMessageIndex('SUPPLIER', messages, 1)).toBe(1);
    expect(findSeenMessageIndex('SUPPLIER', [aMessage(0, 'store_s1')], 0)).toBeNull();
  });
});

describe('hasUnreadAfter', () => {
  it('is true when a message follows the read marker', () => {
    expect(hasUnreadAfter(messages, 1)).toBe(true);
    expect(hasUnreadAfter(messages, 2)).toBe(false);
    expect(hasUnreadAfter([], -1)).toBe(false);
  });
});
