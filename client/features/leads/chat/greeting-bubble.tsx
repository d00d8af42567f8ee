// The home page's chat greeting (spec §2, issue 20), beside the chat button: the same bottom strip the button
// already takes, so it covers no more of the page than the button does, and it moves up with the button above the
// compare bar (--floating-bottom, styles.css). Opening the chat is the visitor's choice: the bubble's text opens it,
// its close button dismisses it. A polite live region announces it; its entrance is a fade that reduced motion drops.
import { X } from 'lucide-react';
import { GREETING_TEXT } from './proactive-greeting';

export function GreetingBubble({ shown, onOpen, onDismiss }: { shown: boolean; onOpen: () => void; onDismiss: () => void }) {
  return (
    // The live region is there before the greeting, so a screen reader announces the greeting when it arrives.
    <div
      role="status"
      aria-live="polite"
      // 5rem from the right: the chat button (1rem + 3.5rem) and a gap; at most the room left of it, 1rem from the
      // screen's edge. On a phone it is compact: two short lines no taller than the button.
      className="above-bottom-bars pointer-events-none fixed right-20 bottom-(--floating-bottom) z-40 flex w-[min(18rem,calc(100vw-6rem))] justify-end print:hidden"
    >
      {shown && (
        <div
          data-chat-greeting
          className="chat-greeting pointer-events-auto flex min-h-14 items-center rounded-2xl rounded-br-sm border border-border bg-card text-card-foreground shadow-lg"
          onKeyDown={(e) => { if (e.key === 'Escape') onDismiss(); }}
        >
          <button
            type="button"
            onClick={onOpen}
            className="cursor-pointer self-stretch rounded-2xl py-2 pr-1 pl-3 text-left text-xs leading-snug font-medium hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm"
          >
            {GREETING_TEXT}
          </button>
          <button
            type="button"
            aria-label="Dismiss the chat greeting"
            onClick={onDismiss}
            className="mr-1 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
