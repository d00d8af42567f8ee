// The chat widget's always-present part (spec §2, §4): the floating button, the openCarBroChat event and the
// persisted open/minimized state. The panel itself is a separate chunk, fetched when the shopper first opens it
// (or hovers the button), so the listing's initial download does not grow (issue 6: 150 KiB gz budget).
import { Suspense, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { LoaderCircle, MessageCircle } from 'lucide-react';
import { OPEN_CHAT_EVENT, type OpenChatDetail } from '@domain/chat-event';
import { cn } from '@/lib/cn';
import { readView, writeView, type ChatView } from './chat-storage';
import { lazyComponent } from '@/lib/lazy-component';
import { useHydrated } from '@/lib/use-hydrated';
import { useProactiveGreeting } from './proactive-greeting';
import { GreetingBubble } from './greeting-bubble';

const loadPanel = () => import('./chat-panel');
const ChatPanel = lazyComponent('features/leads/chat/chat-panel', loadPanel);

function Launcher({ onOpen, loading = false, buttonRef }: { onOpen: () => void; loading?: boolean; buttonRef?: RefObject<HTMLButtonElement | null> }) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onOpen}
      // Fetch the panel's code as soon as the shopper shows intent.
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      aria-label="Chat with our car assistant"
      // Gives way on phones to the vehicle page's own chat button (styles.css), so it covers none of the page's values;
      // while the panel loads it shows wherever the chat was opened from.
      data-chat-launcher={loading ? undefined : ''}
      className={cn(
        // Above the compare bar and the vehicle page's phone action bar when they show (styles.css), never over them.
        'above-bottom-bars fixed right-4 bottom-(--floating-bottom) z-40 inline-flex size-14 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg',
        'transition-transform hover:scale-105 hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring print:hidden',
      )}
    >
      {loading ? <LoaderCircle className="size-6 animate-spin" aria-hidden /> : <MessageCircle className="size-6" aria-hidden />}
    </button>
  );
}

export function ChatWidget() {
  // Browser storage is read after hydration (DESIGN.md): the server renders the closed chat, and a first render that
  // read a stored open or minimized chat did not match its HTML (React #418, issue 33 §5). A later mount reads at once.
  const hydrated = useHydrated();
  const [view, setViewState] = useState<ChatView>(() => (hydrated ? readView() : 'closed'));
  useEffect(() => {
    if (!hydrated) setViewState(readView());
    // Once, after the hydrating render; `hydrated` is true in every render after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [vehicleId, setVehicleId] = useState<number | null>(null);

  const setView = useCallback((next: ChatView) => {
    setViewState(next);
    writeView(next);
  }, []);

  // Keyboard users keep their place: closing the panel (Escape or Close) gives focus back to the button that opened
  // it (the vehicle page's chat button, say), or to the chat button that takes the panel's place.
  const opener = useRef<HTMLElement | null>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const rememberOpener = () => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  };
  const changeView = useCallback((next: ChatView) => {
    if (next === 'closed') refocus.current = true;
    setView(next);
  }, [setView]);
  useEffect(() => {
    if (view !== 'closed' || !refocus.current) return;
    refocus.current = false;
    (opener.current?.isConnected ? opener.current : launcher.current)?.focus();
    opener.current = null;
  }, [view]);

  // spec §2: any page can open the chat with this event; the vehicle page passes its vehicle along.
  useEffect(() => {
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent<OpenChatDetail | null>).detail;
      if (detail && typeof detail.vehicleId === 'number') setVehicleId(detail.vehicleId);
      rememberOpener();
      setView('open');
    };
    window.addEventListener(OPEN_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpen);
  }, [setView]);

  // spec §2: on the home page, a greeting beside the closed chat's button (proactive-greeting.ts). Only once
  // mounted: the server knows nothing of this session's storage, and its HTML must match the first render.
  const { pathname } = useLocation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const greeting = useProactiveGreeting(mounted && pathname === '/' && view === 'closed');

  // The back office is for staff: the shoppers' assistant stays out of its way (its state is kept for the site).
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  if (view === 'closed') {
    const open = () => { rememberOpener(); setView('open'); };
    return (
      <>
        {mounted && pathname === '/' && <GreetingBubble shown={greeting.shown} onOpen={open} onDismiss={greeting.dismiss} />}
        <Launcher buttonRef={launcher} onOpen={open} />
      </>
    );
  }
  return (
    <Suspense fallback={<Launcher onOpen={() => {}} loading />}>
      <ChatPanel view={view} onViewChange={changeView} vehicleId={vehicleId} />
    </Suspense>
  );
}
