import { describe, expect, it } from 'vitest';
import { dismissToast, toast, useToast } from './use-toast';

// useToast reads the module store through useSyncExternalStore; a server render reads its snapshot.
describe('toast store (spec §4)', () => {
  it('keeps at most one toast: a new one replaces the previous', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    let seen: ReturnType<typeof useToast>['toasts'] = [];
    const Probe = () => {
      seen = useToast().toasts;
      return null;
    };
    toast({ title: 'First' });
    const second = toast({ title: 'Second', variant: 'destructive' });
    renderToStaticMarkup(createElement(Probe));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
    dismissToast(second.id);
    renderToStaticMarkup(createElement(Probe));
    expect(seen[0]?.open).toBe(false);
  });
});
