import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@domain/constants';
import { memoryStorage } from '@/lib/test-utils';
import { clearConversation, readContact, readMessages, readView, writeContact, writeMessages, writeSessionId, writeView } from './chat-storage';

describe('chat storage (spec §3 keys, §4 persistence, §8 unreadable chat storage is only logged)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps open and minimized as two flags under the spec keys', () => {
    const storage = memoryStorage();
    expect(readView({ storage })).toBe('closed');
    writeView('open', { storage });
    expect(storage.data.get(STORAGE_KEYS.chatOpen)).toBe('true');
    expect(storage.data.get(STORAGE_KEYS.chatMinimized)).toBe('false');
    expect(readView({ storage })).toBe('open');
    writeView('minimized', { storage });
    expect(readView({ storage })).toBe('minimized');
    writeView('closed', { storage });
    expect(readView({ storage })).toBe('closed');
  });

  it('round-trips contact and messages', () => {
    const storage = memoryStorage();
    writeContact({ name: 'Priya', phone: '780 555 0199', leadToken: 'abc' }, { storage });
    expect(readContact({ storage })).toEqual({ name: 'Priya', phone: '780 555 0199', leadToken: 'abc' });
    const m = [{ id: '1', text: 'hi', isUser: true, timestamp: '2026-01-01T00:00:00.000Z' }];
    writeMessages(m, { storage });
    expect(readMessages({ storage })).toEqual(m);
  });

  it('logs but keeps unreadable chat storage', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage({ [STORAGE_KEYS.chatMessages]: '{oops', [STORAGE_KEYS.chatContact]: '{"name":1}' });
    expect(readMessages({ storage })).toBeNull();
    expect(readContact({ storage })).toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    expect(storage.data.has(STORAGE_KEYS.chatMessages)).toBe(true);
  });

  it('clear removes session id and messages but keeps the contact', () => {
    const storage = memoryStorage();
    writeContact({ name: 'Priya', phone: '7805550199' }, { storage });
    writeSessionId('session-1234', { storage });
    writeMessages([], { storage });
    clearConversation({ storage });
    expect(storage.data.has(STORAGE_KEYS.chatSession)).toBe(false);
    expect(storage.data.has(STORAGE_KEYS.chatMessages)).toBe(false);
    expect(readContact({ storage })?.name).toBe('Priya');
  });
});
