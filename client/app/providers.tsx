import { Suspense, type ReactNode } from 'react';
import { useAnyToastRaised } from '@/components/ui/use-toast';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { RenderedDevice, RenderedTheme } from '@domain/page-render';
import type { SortKey } from '@domain/constants';
import { RenderedThemeContext } from '@/lib/theme';
import { RenderedSortContext } from '@/lib/rendered-sort';
import { RenderedDeviceContext } from '@/lib/rendered-device';
import { RenderTimeContext } from '@/lib/use-render-time';
import { lazyComponent } from '@/lib/lazy-component';

// Toasts are queued in a module store (use-toast.ts), so the Radix viewport can arrive with the first toast
// without losing it or any raised meanwhile (issue 35 §1: no page loads it before a shopper's action calls for it).
const Toaster = lazyComponent('components/ui/toast', async () => ({ default: (await import('@/components/ui/toast')).Toaster }));

function ToastLayer() {
  return useAnyToastRaised() ? <Suspense fallback={null}><Toaster /></Suspense> : null;
}

/**
 * Providers that do not need the router. AuthProvider needs navigate(), so it sits in the root route (layouts/root-layout.tsx).
 * The query client is the browser's one, or on the server one per request (client/entry-server.tsx); theme, sort,
 * device and renderedAt are what the server rendered with, so the hydrating render matches it.
 */
export function AppProviders({ client, theme, sort, device, renderedAt, children }: { client: QueryClient; theme: RenderedTheme; sort: SortKey | null; device: RenderedDevice; renderedAt: number | null; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <RenderedThemeContext.Provider value={theme}>
        <RenderedSortContext.Provider value={sort}>
          <RenderedDeviceContext.Provider value={device}>
            <RenderTimeContext.Provider value={renderedAt}>
              {children}
              <ToastLayer />
            </RenderTimeContext.Provider>
          </RenderedDeviceContext.Provider>
        </RenderedSortContext.Provider>
      </RenderedThemeContext.Provider>
    </QueryClientProvider>
  );
}
