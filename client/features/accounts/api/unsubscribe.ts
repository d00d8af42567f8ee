// POST /api/unsubscribe (issue 5, CASL): the token of an email's unsubscribe link turns that kind of email off.
import { apiPost } from '@/lib/api-client';

export const unsubscribe = (token: string) => apiPost<{ message: string; turnedOff: string }>('/api/unsubscribe', { token });
