// DELETE /api/account/photo (issue 5): removes the profile photo; answers with the updated user.
import type { User } from '@domain/auth';
import { apiDelete } from '@/lib/api-client';

export const deleteProfilePhoto = () => apiDelete<{ user: User }>('/api/account/photo');
