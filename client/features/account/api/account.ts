// Account endpoints (issue 5): profile, password and email changes, email preferences, export, deletion.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preferences } from '@domain/account';
import type { User } from '@domain/auth';
import { apiGet, apiPatch, apiPost, apiPut } from '@/lib/api-client';

export const updateProfile = (body: { firstName: string; lastName: string }) => apiPatch<{ user: User }>('/api/account/profile', body);
export const changePassword = (body: { currentPassword: string; newPassword: string }) => apiPost<{ message: string }>('/api/account/password', body);
export const changeEmail = (body: { currentPassword: string; email: string }) => apiPost<{ user: User }>('/api/account/email', body);
export const deleteAccount = (body: { currentPassword: string }) => apiPost<{ message: string }>('/api/account/delete', body);
export const exportAccount = () => apiGet<Record<string, unknown>>('/api/account/export');

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/account/preferences'],
    queryFn: ({ signal }) => apiGet<Preferences>('/api/account/preferences', { signal }),
  });
export const usePreferences = () => useQuery(preferencesQueryOptions());
export const updatePreferences = (body: Partial<Omit<Preferences, 'marketingConsentAt'>>) => apiPut<Preferences>('/api/account/preferences', body);

export const unsubscribe = (token: string) => apiPost<{ message: string; turnedOff: string }>('/api/unsubscribe', { token });
