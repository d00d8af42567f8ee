// POST /api/account/password (issue 5): a new password, given the current one; the server signs out other devices.
import { apiPost } from '@/lib/api-client';

export const changePassword = (body: { currentPassword: string; newPassword: string }) => apiPost<{ message: string }>('/api/account/password', body);
