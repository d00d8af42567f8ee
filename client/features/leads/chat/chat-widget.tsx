// The chat widget's always-present part (spec §2, §4): the floating button, the openCarBroChat event and the
// persisted open/minimized state. The panel itself is a separate chunk, fetched when the shopper first opens it
// (or hovers the button), so the listing's initial download does not grow (issue 6: 150 KiB gz budget).
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LoaderCircle, MessageCircle } from 'lucide-react';
import { OPEN_CHAT_EVENT, type OpenChatDetail } from '@domain/chat-event';
import { cn } from '@/lib/cn';
import { readView, writeView, type ChatView } from './chat-storage';
import { lazyComponent } from '@/lib/lazy-component';

const loadPanel = () => import('./chat-panel');
const ChatPanel = lazyComponent('features/leads/chat/chat-widget#ChatPanel', loadPanel);

function Launcher({ onOpen, loading = false }: { onOpen: () => void; loading?: boolean }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      // Fetch the panel's code as soon as the shopper shows intent.
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      aria-label="Chat with our car assistant"
      className={cn(
        'fixed right-4 bottom-4 z-40 inline-flex size-14 cursor-pointer items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg',
        'transition-transform hover:scale-105 hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring print:hidden',
      )}
    >
      {loading ? <LoaderCircle className="size-6 animate-spin" aria-hidden /> : <MessageCircle className="size-6" aria-hidden />}
    </button>
  );
}

export function ChatWidget() {
  const [view, setViewState] = useState<ChatView>(() => readView());
  const [vehicleId, setVehicleId] = useState<number | null>(null);

  const setView = useCallback((next: ChatView) => {
    setViewState(next);
    writeView(next);
  }, []);

  // spec §2: any page can open the chat with this event; the vehicle page passes its vehicle along.
  useEffect(() => {
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent<OpenChatDetail | null>).detail;
      if (detail && typeof detail.vehicleId === 'number') setVehicleId(detail.vehicleId);
      setView('open');
    };
    window.addEventListener(OPEN_CHAT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CHAT_EVENT, onOpen);
  }, [setView]);

  // The back office is for staff: the shoppers' assistant stays out of its way (its state is kept for the site).
  const { pathname } = useLocation();
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  if (view === 'closed') return <Launcher onOpen={() => setView('open')} />;
  return (
    <Suspense fallback={<Launcher onOpen={() => {}} loading />}>
      <ChatPanel view={view} onViewChange={setView} vehicleId={vehicleId} />
    </Suspense>
  );
}
