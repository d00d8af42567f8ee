// What the chat widget keeps in browser storage (spec §3 keys, §4 "open/minimized flags, session id, messages and
// contact info persist"). Unreadable chat storage is only logged, never removed (spec §8).
import { STORAGE_KEYS } from '@domain/constants';
import type { ChatMessage } from '@domain/assistant';
import { readJSON, readString, removeItem, writeJSON, writeString, type StorageOptions } from '@/lib/storage';

export interface ChatContact {
  name: string;
  phone: string;
  /** The token POST /api/leads answered with; links the conversation to the lead on the server. */
  leadToken?: string | null;
}

const keep = { onCorrupt: 'keep' } as const;

const isContact = (v: unknown): v is ChatContact =>
  !!v && typeof v === 'object' && typeof (v as ChatContact).name === 'string' && typeof (v as ChatContact).phone === 'string';

const isMessages = (v: unknown): v is ChatMessage[] =>
  Array.isArray(v) && v.every((m) => m && typeof m === 'object' && typeof m.id === 'string' && typeof m.text === 'string'
    && typeof m.isUser === 'boolean' && typeof m.timestamp === 'string');

export const readContact = (o: StorageOptions = {}) => readJSON<ChatContact | null>(STORAGE_KEYS.chatContact, null, { ...o, ...keep, validate: isContact });
export const writeContact = (c: ChatContact, o: StorageOptions = {}) => writeJSON(STORAGE_KEYS.chatContact, c, o);

export const readMessages = (o: StorageOptions = {}) => readJSON<ChatMessage[] | null>(STORAGE_KEYS.chatMessages, null, { ...o, ...keep, validate: isMessages });
export const writeMessages = (m: ChatMessage[], o: StorageOptions = {}) => writeJSON(STORAGE_KEYS.chatMessages, m, o);

export const readSessionId = (o: StorageOptions = {}) => readString(STORAGE_KEYS.chatSession, o);
export const writeSessionId = (id: string, o: StorageOptions = {}) => writeString(STORAGE_KEYS.chatSession, id, o);

/** spec §4 Clear: the default greeting again, without session id and messages (the contact stays). */
export function clearConversation(o: StorageOptions = {}) {
  removeItem(STORAGE_KEYS.chatSession, o);
  removeItem(STORAGE_KEYS.chatMessages, o);
}

export type ChatView = 'closed' | 'open' | 'minimized';

/** spec §4: closed, open or minimized, from the two persisted flags. */
export function readView(o: StorageOptions = {}): ChatView {
  if (readString(STORAGE_KEYS.chatMinimized, o) === 'true') return 'minimized';
  if (readString(STORAGE_KEYS.chatOpen, o) === 'true') return 'open';
  return 'closed';
}

export function writeView(view: ChatView, o: StorageOptions = {}) {
  writeString(STORAGE_KEYS.chatOpen, String(view !== 'closed'), o);
  writeString(STORAGE_KEYS.chatMinimized, String(view === 'minimized'), o);
}
