// The notification bell of spec §2: count badge (9+ above 9), a 24rem list with relative times ('… ago') and a
// type icon each (price_drop, success, warning, error; anything else info, spec §3), mark-all-read, per-item
// mark-read and delete. Polls every 30 s while signed in (spec §7, §9); clicking an unread one marks it read (spec §4).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { AlertTriangle, Bell, Check, CheckCheck, CircleCheck, CircleX, Info, TrendingDown, X, type LucideIcon } from 'lucide-react';
import { badgeText } from '@domain/constants';
import { notificationKind, type AppNotification, type NotificationKind } from '@domain/notifications';
import { apiDelete, apiPost } from '@/lib/api-client';
import { notificationsQueryOptions } from '@/lib/api/get-notifications';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { Tooltip } from '@/components/ui/tooltip';


const ICONS: Record<NotificationKind, { icon: LucideIcon; className: string; label: string }> = {
  price_drop: { icon: TrendingDown, className: 'bg-success-soft text-success-soft-foreground', label: 'Price drop' },
  success: { icon: CircleCheck, className: 'bg-success-soft text-success-soft-foreground', label: 'Success' },
  warning: { icon: AlertTriangle, className: 'text-amber-700 bg-amber-100 dark:text-amber-300 dark:bg-amber-950', label: 'Warning' },
  error: { icon: CircleX, className: 'text-destructive bg-destructive/10 dark:text-red-300', label: 'Error' },
  info: { icon: Info, className: 'text-primary bg-secondary', label: 'Information' },
};

function useNotificationActions() {
  const qc = useQueryClient();
  const key = notificationsQueryOptions().queryKey;
  const refresh = () => qc.invalidateQueries({ queryKey: key }); // spec §7: each action refreshes the list
  const markRead = useMutation({
    mutationFn: (id: number) => apiPost(`/api/notifications/${id}/mark-read`),
    onMutate: (id) => qc.setQueryData(key, (list) => list?.map((n) => (n.id === id ? { ...n, read: true } : n))),
    onSettled: refresh,
  });
  const markAll = useMutation({
    mutationFn: () => apiPost('/api/notifications/mark-all-read'),
    onMutate: () => qc.setQueryData(key, (list) => list?.map((n) => ({ ...n, read: true }))),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiDelete(`/api/notifications/${id}`),
    onMutate: (id) => qc.setQueryData(key, (list) => list?.filter((n) => n.id !== id)),
    onSettled: refresh,
  });
  return { markRead, markAll, remove };
}

const iconButton = 'relative inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-foreground hover:bg-muted';

export function NotificationBell() {
  const { data, isError } = useQuery(notificationsQueryOptions());
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { markRead, markAll, remove } = useNotificationActions();
  const list = data ?? [];
  const unread = list.filter((n) => !n.read).length;

  const openItem = (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.link) {
      setOpen(false);
      navigate(n.link);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Tooltip label={unread ? `Notifications, ${badgeText(unread)} unread` : 'Notifications'} side="bottom">
        <Popover.Trigger
          aria-label={unread ? `Notifications (${badgeText(unread)} unread)` : 'Notifications'}
          className={iconButton}
        >
          <Bell className="size-5" aria-hidden />
          {unread > 0 && (
            <span aria-hidden data-testid="notification-count" className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.7rem] font-bold text-destructive-foreground ring-2 ring-header">
              {badgeText(unread)}
            </span>
          )}
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          // As tall as its list, up to 24rem (then the list scrolls): an empty panel is a short note, not a blank box.
          className="z-50 flex max-h-96 w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl border border-border bg-popover text-popover-foreground shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-border px-3 py-2">
            <h2 className="text-sm font-bold">Notifications</h2>
            <button
              type="button"
              disabled={unread === 0}
              onClick={() => markAll.mutate()}
              className="inline-flex min-h-6 cursor-pointer items-center gap-1 rounded px-1.5 text-xs font-semibold text-primary hover:underline disabled:cursor-default disabled:text-muted-foreground disabled:no-underline"
            >
              <CheckCheck className="size-4" aria-hidden />Mark all read
            </button>
          </div>
          <div className="flex-1 overflow-y-auto">
            {isError && !data ? (
              <p role="alert" className="px-3 py-6 text-center text-sm text-muted-foreground">Notifications could not be loaded. We will try again shortly.</p>
            ) : list.length === 0 ? (
              <p className="flex flex-col items-center gap-2 px-3 py-5 text-center text-sm text-muted-foreground">
                <Bell className="size-6" aria-hidden />
                No notifications yet. Save a vehicle and we will tell you when its price drops or it sells.
              </p>
            ) : (
              <ul aria-label="Notifications list" className="divide-y divide-border">
                {list.map((n) => {
                  const kind = notificationKind(n.type);
                  const { icon: Icon, className, label } = ICONS[kind];
                  return (
                    <li key={n.id} data-type={kind} className={cn('relative flex gap-2 px-3 py-2.5', !n.read && 'bg-secondary/50')}>
                      <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', className)}>
                        <Icon className="size-4" aria-hidden />
                        <span className="sr-only">{label}</span>
                      </span>
                      <button type="button" onClick={() => openItem(n)} className="min-w-0 flex-1 cursor-pointer text-left">
                        <span className={cn('block text-sm', !n.read ? 'font-bold' : 'font-medium')}>
                          {!n.read && <span className="sr-only">Unread: </span>}{n.title}
                        </span>
                        <span className="block text-sm text-muted-foreground">{n.message}</span>
                        <time dateTime={n.createdAt} className="mt-0.5 block text-xs text-muted-foreground">{formatRelativeTime(n.createdAt)}</time>
                      </button>
                      <div className="flex shrink-0 flex-col gap-1">
                        {!n.read && (
                          <button type="button" onClick={() => markRead.mutate(n.id)} aria-label={`Mark “${n.title}” as read`} title="Mark as read"
                            className="inline-flex size-7 cursor-pointer items-center justify-center rounded hover:bg-muted">
                            <Check className="size-4" aria-hidden />
                          </button>
                        )}
                        <button type="button" onClick={() => remove.mutate(n.id)} aria-label={`Delete “${n.title}”`} title="Delete"
                          className="inline-flex size-7 cursor-pointer items-center justify-center rounded hover:bg-muted">
                          <X className="size-4" aria-hidden />
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
