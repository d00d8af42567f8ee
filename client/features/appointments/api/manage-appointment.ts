// The signed link in a shopper's booking e-mail (issue 33 §1): GET /api/appointments/manage, and its cancel and
// reschedule actions. The token is the only credential; no account is needed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManagedAppointment } from '@domain/booking';
import { apiGet, apiPost } from '@/lib/api-client';

export const managedAppointmentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['/api/appointments/manage', token],
    queryFn: ({ signal }) => apiGet<{ appointment: ManagedAppointment }>(`/api/appointments/manage?token=${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

export const useManagedAppointment = (token: string) => useQuery({ ...managedAppointmentQueryOptions(token), enabled: token !== '' });

export const cancelAppointment = (token: string) =>
  apiPost<{ appointment: ManagedAppointment; message: string }>('/api/appointments/manage/cancel', { token });

export const rescheduleAppointment = (token: string, preferredDate: string, preferredTime: string) =>
  apiPost<{ appointment: ManagedAppointment; message: string; token: string }>('/api/appointments/manage/reschedule', { token, preferredDate, preferredTime });
