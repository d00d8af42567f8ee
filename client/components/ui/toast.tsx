// Radix Toast with the behaviour of spec §4 and §9: one visible at a time, 5000 ms, swipe right
// past 50 px to dismiss, F8 jumps to the toast region.
import { Toast as ToastPrimitive } from 'radix-ui';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cva } from 'class-variance-authority';
import { TIMING, TOAST_SWIPE_THRESHOLD } from '@domain/constants';
import { cn } from '@/lib/cn';
import { useToast, type ToastVariant } from './use-toast';

const toastVariants = cva(
  'toast-root group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg ' +
    'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-popover-foreground',
        success: 'border-success/40 bg-popover text-popover-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

const ICONS: Record<ToastVariant, typeof Info> = { default: Info, success: CircleCheck, destructive: CircleAlert };

export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider duration={TIMING.toastDuration} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label="Message">
      {toasts.map(({ id, title, description, variant = 'default', action, duration, open }) => {
        const Icon = ICONS[variant];
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            duration={duration}
            // Errors interrupt a screen reader; confirmations wait their turn.
            type={variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(o) => {
              if (!o) dismiss(id);
            }}
            className={toastVariants({ variant })}
          >
            <Icon
              aria-hidden
              className={cn('mt-0.5 size-5 shrink-0', variant === 'success' && 'text-success', variant === 'default' && 'text-primary')}
            />
            <div className="grid flex-1 gap-1">
              {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
              {description && <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description>}
              {action && (
                <ToastPrimitive.Action
                  altText={action.altText}
                  onClick={action.onClick}
                  className="mt-1 inline-flex h-8 w-fit cursor-pointer items-center rounded-md border border-current/40 px-3 text-xs font-semibold hover:bg-foreground/5"
                >
                  {action.label}
                </ToastPrimitive.Action>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label="Dismiss"
              className="absolute top-2 right-2 inline-flex size-8 cursor-pointer items-center justify-center rounded-md opacity-80 hover:opacity-100"
            >
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        label="Messages ({hotkey})"
        // Full width at the bottom on phones; max 420 px at md and above (spec §9). Above the compare bar and the
        // vehicle page's phone action bar when they show (styles.css), so a toast never hides them or they it.
        className="above-bottom-bars pointer-events-none fixed right-0 bottom-(--toasts-bottom) z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
