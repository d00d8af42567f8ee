// The chat panel (spec §2 chat widget, §4 chat states, §5 validation, §7 calls, §8 failure text, §9 timings):
// contact form first, then the conversation with the car assistant; minimize, clear, close; the booking modal
// opens 1.5 s after a reply that mentions booking, with the name and phone of the contact form already filled in.
// Loaded lazily by chat-widget.tsx.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { Bot, Eraser, LoaderCircle, Minus, Phone, SendHorizontal, X } from 'lucide-react';
import {
  ASSISTANT_FAILURE_TEXT, BOOKING_MODAL_DELAY_MS, DEFAULT_GREETING, GREETING_ID, QUESTION_MAX, historyFor, mentionsBooking, personalGreeting,
  type AssistantResponse, type ChatMessage,
} from '@domain/assistant';
import { CHAT_LEAD, chatLeadEmail } from '@domain/leads';
import { DEALERSHIP } from '@domain/settings';
import { BookingModal, type BookingVehicle } from '@/components/booking-modal';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input, inputClass } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useFormFunnel } from '@/lib/use-form-funnel';
import { askAssistant } from '../api/ask-assistant';
import { createLead } from '../api/create-lead';
import {
  clearConversation, readContact, readMessages, readSessionId, writeContact, writeMessages, writeSessionId,
  type ChatContact, type ChatView,
} from './chat-storage';

const greeting = (text: string): ChatMessage => ({ id: GREETING_ID, text, isUser: false, timestamp: new Date().toISOString() });
const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function initialMessages(contact: ChatContact | null): ChatMessage[] {
  const stored = readMessages();
  if (stored && stored.length) return stored;
  return [greeting(contact ? personalGreeting(contact.name) : DEFAULT_GREETING)];
}

export default function ChatPanel({ view, onViewChange, vehicleId }: {
  view: Exclude<ChatView, 'closed'>;
  onViewChange: (view: ChatView) => void;
  /** The vehicle page the chat was opened from, if any (openCarBroChat detail). */
  vehicleId: number | null;
}) {
  const uid = useId();
  const [contact, setContact] = useState<ChatContact | null>(() => readContact());
  const [messages, setMessages] = useState<ChatMessage[]>(() => initialMessages(readContact()));
  const [sending, setSending] = useState(false);
  const [bookingOpen, setBookingOpen] = useState(false);
  const [bookingVehicle, setBookingVehicle] = useState<BookingVehicle | null>(null);
  const [bookingType, setBookingType] = useState<AssistantResponse['bookingType']>(null);
  const bookingTimer = useRef<number | undefined>(undefined);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => { writeMessages(messages); }, [messages]);
  useEffect(() => () => { window.clearTimeout(bookingTimer.current); abort.current?.abort(); }, []);

  const minimized = view === 'minimized';
  const titleId = `${uid}-title`;

  const startChat = (c: ChatContact) => {
    writeContact(c);
    setContact(c);
    setMessages([greeting(personalGreeting(c.name))]);
    // spec §3/§7: the chat lead, with the e-mail synthesized from the phone's digits. spec §8: a failure is
    // logged and the chat goes on.
    createLead({
      email: chatLeadEmail(c.phone),
      phone: c.phone,
      source: CHAT_LEAD.source,
      leadType: CHAT_LEAD.leadType,
      additionalData: { name: c.name, chatInitiated: true, timestamp: new Date().toISOString() },
    }).then((res) => {
      if (!res.chatToken) return;
      const linked = { ...c, leadToken: res.chatToken };
      writeContact(linked);
      setContact(linked);
    }, (err: unknown) => { console.error('Chat lead submission failed', err); });
  };

  const send = async (text: string) => {
    const question = text.trim();
    if (!question || sending) return;
    const before = messages;
    const mine: ChatMessage = { id: newId(), text: question, isUser: true, timestamp: new Date().toISOString() };
    setMessages([...before, mine]);
    setSending(true);
    const controller = new AbortController();
    abort.current = controller;
    let reply: string;
    let named: ChatMessage['vehicles'];
    try {
      const res = await askAssistant({
        question,
        conversationHistory: historyFor(before),
        sessionId: readSessionId(),
        leadToken: contact?.leadToken ?? null,
        vehicleId,
      }, controller.signal);
      // spec §7: the session id is stored if none was held.
      if (res.sessionId && !readSessionId()) writeSessionId(res.sessionId);
      if (res.bookingVehicle) setBookingVehicle(res.bookingVehicle);
      setBookingType(res.bookingType ?? null);
      reply = res.message;
      // Kept with the message, so its vehicle links read as the vehicles' titles after a reload too.
      named = res.vehicles?.map(({ id, title }) => ({ id, title }));
    } catch (err) {
      if (controller.signal.aborted) return;
      console.error('Car assistant request failed', err);
      reply = ASSISTANT_FAILURE_TEXT; // spec §8
    } finally {
      setSending(false);
    }
    setMessages((m) => [...m, { id: newId(), text: reply, isUser: false, timestamp: new Date().toISOString(), ...(named?.length ? { vehicles: named } : {}) }]);
    // spec §4/§9: a reply that mentions appointment, book or schedule opens the booking form after 1.5 s.
    if (reply !== ASSISTANT_FAILURE_TEXT && mentionsBooking(reply)) {
      window.clearTimeout(bookingTimer.current);
      bookingTimer.current = window.setTimeout(() => setBookingOpen(true), BOOKING_MODAL_DELAY_MS);
    }
  };

  // spec §4: Clear resets to the default greeting, removes session id and messages, closes the booking modal.
  const clear = () => {
    abort.current?.abort();
    window.clearTimeout(bookingTimer.current);
    clearConversation();
    setSending(false);
    setBookingOpen(false);
    setMessages([greeting(DEFAULT_GREETING)]);
  };

  return (
    <>
      <section
        role="dialog"
        aria-labelledby={titleId}
        aria-modal="false"
        className={cn(
          'above-bottom-bars fixed right-4 z-40 flex w-[min(24rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-2xl print:hidden',
          // Minimized, it sits where the chat button does: above the vehicle page's phone bar and the compare bar.
          minimized ? 'bottom-(--floating-bottom) h-auto' : 'bottom-4 h-[min(36rem,calc(100dvh-2rem))]',
        )}
        // Escape closes the panel (the conversation is kept); the widget gives focus back to the button that opened it.
        onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); onViewChange('closed'); } }}
      >
        <header className="flex items-center gap-2 bg-primary px-3 py-2 text-primary-foreground">
          <Bot className="size-5 shrink-0" aria-hidden />
          {/* Two short lines rather than one long one: it fits beside the three buttons on the narrowest phone. */}
          <h2 id={titleId} className="min-w-0 flex-1 text-sm leading-tight font-semibold">
            <span className="block">Car assistant</span>
            <span className="block text-xs font-normal opacity-90">{DEALERSHIP.shortName}</span>
          </h2>
          {contact && !minimized && (
            <HeaderButton label="Clear conversation" onClick={clear}><Eraser aria-hidden /></HeaderButton>
          )}
          {minimized ? (
            <HeaderButton label="Restore chat" onClick={() => onViewChange('open')}><Bot aria-hidden /></HeaderButton>
          ) : (
            <HeaderButton label="Minimize chat" onClick={() => onViewChange('minimized')}><Minus aria-hidden /></HeaderButton>
          )}
          <HeaderButton label="Close chat" onClick={() => onViewChange('closed')}><X aria-hidden /></HeaderButton>
        </header>
        {!minimized && (contact
          ? <Conversation messages={messages} sending={sending} onSend={send} />
          : <ContactForm onStart={startChat} />)}
      </section>
      {/* spec §4: the chat opens the booking form; the shopper already gave name and phone (stored under the chat's contact key). */}
      <BookingModal open={bookingOpen} onOpenChange={setBookingOpen} vehicle={bookingVehicle} appointmentType={bookingType} prefill={contact} />
    </>
  );
}

function HeaderButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="inline-flex size-8 cursor-pointer items-center justify-center rounded-md hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

/** spec §4/§5: name and phone, both non-blank after trimming, else Start Chat is disabled. */
function ContactForm({ onStart }: { onStart: (c: ChatContact) => void }) {
  const uid = useId();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => { nameRef.current?.focus(); }, []);
  const ready = name.trim() !== '' && phone.trim() !== '';
  // issue 6: start at the first keystroke (the form takes focus on its own), abandon when closed or minimized unsent.
  const funnel = useFormFunnel('chat_contact');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    funnel.step('submit');
    // The lead must reach the dealer: a number they cannot call is caught here rather than lost.
    const digits = phone.replace(/\D/g, '').length;
    if (digits < 10 || digits > 15) { setPhoneError('Please enter a phone number with 10 to 15 digits.'); return; }
    funnel.complete();
    onStart({ name: name.trim(), phone: phone.trim() });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
      <p className="text-sm text-muted-foreground">
        Hi! Before we chat, how should we reach you if we get cut off? A person from our team may follow up.
      </p>
      <FormField id={`${uid}-name`} label="Name">
        {(p) => <Input {...p} ref={nameRef} autoComplete="name" value={name} maxLength={100} onChange={(e) => { funnel.start(); setName(e.target.value); }} />}
      </FormField>
      <FormField id={`${uid}-phone`} label="Phone" error={phoneError}>
        {(p) => (
          <Input
            {...p}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            maxLength={40}
            placeholder="e.g. 780 555 0123"
            onChange={(e) => { funnel.start(); setPhone(e.target.value); setPhoneError(undefined); }}
          />
        )}
      </FormField>
      <Button type="submit" disabled={!ready}>Start Chat</Button>
      <p className="text-xs text-muted-foreground">
        We use your details only to answer you. See our <Link to="/privacy-policy" className="underline">privacy policy</Link>.
      </p>
    </form>
  );
}

function Conversation({ messages, sending, onSend }: { messages: ChatMessage[]; sending: boolean; onSend: (text: string) => void }) {
  const uid = useId();
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => { inputRef.current?.focus(); }, []);
  useEffect(() => { endRef.current?.scrollIntoView({ block: 'end' }); }, [messages.length, sending]);

  const submit = () => {
    if (!draft.trim() || sending) return;
    onSend(draft);
    setDraft('');
  };
  // spec §5: Enter sends; Shift+Enter starts a new line.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <>
      <div role="log" aria-live="polite" aria-label="Conversation" tabIndex={0} className="flex flex-1 flex-col gap-3 overflow-y-auto p-3 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring">
        {messages.map((m) => (
          <div key={m.id} className={cn('flex', m.isUser ? 'justify-end' : 'justify-start')}>
            <p
              className={cn(
                'max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap break-words',
                m.isUser ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
              )}
            >
              <span className="sr-only">{m.isUser ? 'You: ' : 'Assistant: '}</span>
              {m.isUser ? m.text : <Linkified text={m.text} vehicles={m.vehicles} />}
            </p>
          </div>
        ))}
        {sending && (
          <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden />Assistant is typing…
          </p>
        )}
        <div ref={endRef} />
      </div>
      <form
        className="flex items-end gap-2 border-t border-border p-3"
        onSubmit={(e) => { e.preventDefault(); submit(); }}
      >
        <label htmlFor={`${uid}-msg`} className="sr-only">Message</label>
        <textarea
          id={`${uid}-msg`}
          ref={inputRef}
          rows={2}
          maxLength={QUESTION_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask about a vehicle, payments, trade-ins…"
          className={cn(inputClass, 'h-auto max-h-32 min-h-10 resize-none')}
        />
        <Button type="submit" size="icon" disabled={!draft.trim() || sending} aria-label="Send message">
          <SendHorizontal aria-hidden />
        </Button>
      </form>
      <a href={DEALERSHIP.phoneHref} className="inline-flex items-center justify-center gap-1.5 border-t border-border py-2 text-xs font-medium text-primary hover:underline">
        <Phone className="size-3.5" aria-hidden />Prefer a person? Call {DEALERSHIP.phone}
      </a>
    </>
  );
}

/** Site paths in a reply become links (vehicle pages, pre-approval, financing…); the rest stays text. */
const SITE_PATH = /\/(?:vehicles\/\d+|vehicles(?:\?[\w=&%+.-]+)?|deal-of-the-day|pre-approval|financing|trade-appraiser|sell-my-vehicle|contact|car-loans|bad-credit-loans|credit-rebuilding|first-time-buyers)(?![\w/-])/g;

/** What a link to a site page says, in place of its path. */
const PAGE_NAMES: Record<string, string> = {
  '/deal-of-the-day': 'Deal of the Day', '/pre-approval': 'Get Pre-Approved', '/financing': 'Financing',
  '/trade-appraiser': 'Trade Appraiser', '/sell-my-vehicle': 'Sell My Vehicle', '/contact': 'Contact Us',
  '/car-loans': 'Car Loans', '/bad-credit-loans': 'Bad Credit Loans', '/credit-rebuilding': 'Credit Rebuilding',
  '/first-time-buyers': 'First-Time Buyers', '/vehicles': 'our inventory',
};
const pageName = (path: string) => PAGE_NAMES[path] ?? (path.startsWith('/vehicles?') ? 'the full list' : path);

const linkClass = 'font-medium text-primary underline underline-offset-2 dark:text-sky-300';

/**
 * A reply's text with its site paths as links (client-side navigation), built as React elements from the plain
 * text: nothing in a reply is ever read as HTML. A vehicle page's link reads as the vehicle's title (the reply
 * carries the vehicles it names); where the title already stands earlier on the same line ("• 2021 Toyota RAV4 —
 * $29,900, … — /vehicles/12"), the title itself becomes the link and the path with its separator goes.
 */
function Linkified({ text, vehicles }: { text: string; vehicles?: readonly { id: number; title: string }[] }) {
  const titles = new Map((vehicles ?? []).map((v) => [v.id, v.title]));
  const out: ReactNode[] = [];
  let from = 0;
  for (const match of text.matchAll(SITE_PATH)) {
    const path = match[0];
    const at = match.index;
    const id = /^\/vehicles\/(\d+)$/.exec(path)?.[1];
    const title = id ? titles.get(Number(id)) : undefined;
    const lineStart = Math.max(from, text.lastIndexOf('\n', at) + 1);
    const titleAt = title ? text.indexOf(title, lineStart) : -1;
    if (title && titleAt !== -1 && titleAt + title.length <= at) {
      out.push(text.slice(from, titleAt));
      out.push(<Link key={at} to={path} className={linkClass}>{title}</Link>);
      out.push(text.slice(titleAt + title.length, at).replace(/[\s,;:\u2013\u2014]+$/, ''));
    } else {
      out.push(text.slice(from, at));
      out.push(<Link key={at} to={path} className={linkClass}>{id ? (title ?? 'this vehicle') : pageName(path)}</Link>);
    }
    from = at + path.length;
  }
  out.push(text.slice(from));
  return <>{out.map((part, i) => (typeof part === 'string' ? (part ? <span key={`t${i}`}>{part}</span> : null) : part))}</>;
}
