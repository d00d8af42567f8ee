import type { ReactNode } from 'react';
import { LogoMark } from '@/components/logo';

/** The frame shared by the login and register pages. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center bg-gradient-to-b from-secondary/70 to-background px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-border bg-card p-6 shadow-lg sm:p-8">
          <div className="mb-6 flex flex-col items-center text-center">
            <LogoMark className="mb-3 size-11" />
            <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
            {subtitle && <p className="mt-1.5 text-sm text-muted-foreground">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="mt-5 text-center text-sm text-muted-foreground">{footer}</div>}
      </div>
    </div>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  // Always rendered so screen readers announce the message when it appears.
  return (
    <div role="alert" aria-live="assertive">
      {message && (
        <p className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2.5 text-sm font-medium text-destructive dark:text-red-200">
          {message}
        </p>
      )}
    </div>
  );
}
