// POST /api/account/delete (issue 5): deletes the signed-in user's account, given the current password.
import { apiPost } from '@/lib/api-client';

export const deleteAccount = (body: { currentPassword: string }) => apiPost<{ message: string }>('/api/account/delete', body);
