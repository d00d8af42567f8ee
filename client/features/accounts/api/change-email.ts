// POST /api/account/email (issue 5): a new email, given the current password; answers with the updated user.
import type { User } from '@domain/auth';
import { apiPost } from '@/lib/api-client';

export const changeEmail = (body: { currentPassword: string; email: string }) => apiPost<{ user: User }>('/api/account/email', body);
