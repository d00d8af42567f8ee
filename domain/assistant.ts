// The car assistant (issue 6; spec §2 chat widget, §3 chat message and assistant reply, §4 chat states,
// §7 POST /api/car-assistant, §8 failure text, §9 history length and booking delay). Shared by widget and server.
import { z } from 'zod';
import { DEALERSHIP } from './settings';
import { APPOINTMENT_TYPES } from './booking';

/** spec §9: the widget sends the last 10 messages as history. */
export const CHAT_HISTORY_LIMIT = 10;
/** spec §4/§9: a reply that mentions booking opens the booking modal after 1.5 s. */
export const BOOKING_MODAL_DELAY_MS = 1_500;
/** spec §4: the words in an assistant reply that open the booking modal. */
export const BOOKING_REPLY_PATTERN = /\b(appointment|book|booking|schedule|scheduled|scheduling)\b/i;
export const mentionsBooking = (reply: string) => BOOKING_REPLY_PATTERN.test(reply);

/** spec §8: what the chat shows when the assistant answers with an error. */
export const ASSISTANT_FAILURE_TEXT = "I'm sorry, I'm having trouble responding right now. Please try again in a moment.";

export const ASSISTANT_NAME = 'CarBro';
/** The greeting before the shopper has introduced themselves (and after Clear, spec §4). */
export const DEFAULT_GREETING =
  `Hi! I'm ${ASSISTANT_NAME}, the ${DEALERSHIP.name} car assistant. Ask me about our vehicles, payments, financing, trade-ins or booking a test drive.`;
/** spec §4: the personalised greeting once the contact form is sent. */
export function personalGreeting(name: string): string {
  const first = name.trim().split(/\s+/)[0] || 'there';
  return `Hi ${first}! Thanks for reaching out. I'm ${ASSISTANT_NAME}, the ${DEALERSHIP.name} car assistant. I can search our live inventory, estimate payments, and help with financing, trade-ins or booking a test drive. What are you looking for?`;
}

/** spec §3 chat message: id, text, isUser, timestamp; an answer also keeps the vehicles it names, for their links. */
export interface ChatMessage {
  id: string;
  text: string;
  isUser: boolean;
  timestamp: string;
  /** The vehicles the assistant's text links to (/vehicles/ID), so each link reads as the vehicle's title. */
  vehicles?: { id: number; title: string }[];
}

const hasNoNul = (s: string) => !s.includes('\u0000');
export const QUESTION_MAX = 1000;

export const historyItemSchema = z.object({
  isUser: z.boolean({ error: 'conversationHistory items need isUser (boolean)' }),
  text: z.string({ error: 'conversationHistory items need text' }).max(4000, 'conversationHistory text is at most 4000 characters').refine(hasNoNul, 'conversationHistory contains a NUL character'),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** A session id the server issued (or an older client's own); letters, digits, _ and -. */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'sessionId must be 8-64 letters, digits, _ or -');

/** spec §7 POST /api/car-assistant: question, conversationHistory (last 10, no greeting), sessionId. */
export const assistantRequestSchema = z.object({
  question: z.string({ error: 'question is required' }).trim().min(1, 'question cannot be empty')
    .max(QUESTION_MAX, `question is at most ${QUESTION_MAX} characters`).refine(hasNoNul, 'question contains a NUL character'),
  conversationHistory: z.array(historyItemSchema).max(CHAT_HISTORY_LIMIT, `conversationHistory holds at most ${CHAT_HISTORY_LIMIT} messages`).optional().default([]),
  sessionId: sessionIdSchema.nullable().optional(),
  /** The token POST /api/leads gave the widget: stores the conversation against that lead. */
  leadToken: z.string().max(128).nullable().optional(),
  /** The vehicle page the chat was opened from (openCarBroChat detail), so "this one" has a meaning. */
  vehicleId: z.number().int().positive().nullable().optional(),
});
export type AssistantRequest = z.infer<typeof assistantRequestSchema>;

export const assistantVehicleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: z.number().int(),
  url: z.string(),
});
export type AssistantVehicle = z.infer<typeof assistantVehicleSchema>;

/** spec §3 assistant reply: message and sessionId; every vehicle the message links to (/vehicles/ID) rides along,
 * so the widget shows each link as the vehicle's title. */
export const assistantResponseSchema = z.object({
  message: z.string(),
  sessionId: z.string(),
  vehicles: z.array(assistantVehicleSchema).optional(),
  /** The vehicle a booking from this reply should be about (the chat's context vehicle, or the one just named). */
  bookingVehicle: z.object({ id: z.number().int(), title: z.string() }).nullable().optional(),
  /** The appointment type a booking form opened by this reply starts with (a test drive, when one was asked for). */
  bookingType: z.enum(APPOINTMENT_TYPES).nullable().optional(),
});
export type AssistantResponse = z.infer<typeof assistantResponseSchema>;

/** spec §7: the last 10 messages, except the initial greeting, each as {isUser, text}. */
export function historyFor(messages: ChatMessage[], greetingId = GREETING_ID): HistoryItem[] {
  return messages.filter((m) => m.id !== greetingId).slice(-CHAT_HISTORY_LIMIT).map((m) => ({ isUser: m.isUser, text: m.text }));
}
export const GREETING_ID = 'greeting';

/** spec §2: the page-wide event that opens the chat; detail {vehicleId} names the vehicle it was opened from. */
export { OPEN_CHAT_EVENT, type OpenChatDetail } from './chat-event';
