import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';

// Toasts are queued in a module store (use-toast.ts), so the Radix viewport can arrive just after
// the first paint without losing any toast raised meanwhile.
const Toaster = lazy(() => import('@/components/ui/toast').then((m) => ({ default: m.Toaster })));

export const queryClient = createQueryClient();

/** Providers that do not need the router. AuthProvider needs navigate(), so it sits in the root route (layouts/root-layout.tsx). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
