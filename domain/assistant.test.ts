import { describe, expect, it } from 'vitest';
import { assistantRequestSchema, DEFAULT_GREETING, GREETING_ID, historyFor, mentionsBooking, personalGreeting, type ChatMessage } from './assistant';
import { chatLeadEmail, isSynthesizedEmail } from './leads';

const msg = (i: number, isUser = i % 2 === 0): ChatMessage => ({ id: String(i), text: `m${i}`, isUser, timestamp: '2026-01-01T00:00:00.000Z' });

describe('assistant contract', () => {
  it('sends the last 10 messages without the initial greeting (spec §7, §9)', () => {
    const messages = [{ ...msg(0), id: GREETING_ID, text: DEFAULT_GREETING, isUser: false }, ...Array.from({ length: 14 }, (_, i) => msg(i + 1))];
    const history = historyFor(messages);
    expect(history).toHaveLength(10);
    expect(history[0]).toEqual({ isUser: false, text: 'm5' });
    expect(history.at(-1)).toEqual({ isUser: true, text: 'm14' });
    expect(historyFor(messages.slice(0, 3)).map((h) => h.text)).toEqual(['m1', 'm2']);
  });

  it('opens booking on replies mentioning appointment, book or schedule (spec §4)', () => {
    expect(mentionsBooking('Would you like to book a test drive?')).toBe(true);
    expect(mentionsBooking('I can schedule that for you.')).toBe(true);
    expect(mentionsBooking('Your appointment request is noted.')).toBe(true);
    expect(mentionsBooking('That truck has a bookshelf-sized console.')).toBe(false);
    expect(mentionsBooking('Our hours are Mon-Fri 9-9.')).toBe(false);
  });

  it('greets by first name', () => {
    expect(personalGreeting('  Priya Sharma ')).toMatch(/^Hi Priya! /);
  });

  it('synthesizes the chat e-mail from the phone digits on an undeliverable domain (spec §3)', () => {
    expect(chatLeadEmail('(780) 555-0199')).toBe('7805550199@chat.carbro.invalid');
    expect(isSynthesizedEmail(chatLeadEmail('780 555 0199'))).toBe(true);
    expect(isSynthesizedEmail('priya@example.ca')).toBe(false);
  });

  it('refuses blank questions and long histories', () => {
    expect(assistantRequestSchema.safeParse({ question: '   ' }).success).toBe(false);
    const long = Array.from({ length: 11 }, () => ({ isUser: true, text: 'x' }));
    expect(assistantRequestSchema.safeParse({ question: 'hi', conversationHistory: long }).success).toBe(false);
    expect(assistantRequestSchema.safeParse({ question: 'hi', sessionId: null }).success).toBe(true);
  });
});
