// PATCH /api/account/profile (issue 5): the signed-in user's first and last name; answers with the updated user.
import type { User } from '@domain/auth';
import { apiPatch } from '@/lib/api-client';

export const updateProfile = (body: { firstName: string; lastName: string }) => apiPatch<{ user: User }>('/api/account/profile', body);
