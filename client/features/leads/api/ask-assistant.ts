// POST /api/car-assistant (spec §7): question, conversationHistory, sessionId → message, sessionId.
import type { AssistantRequest, AssistantResponse } from '@domain/assistant';
import { apiPost } from '@/lib/api-client';

export function askAssistant(body: AssistantRequest, signal?: AbortSignal): Promise<AssistantResponse> {
  return apiPost<AssistantResponse>('/api/car-assistant', body, signal ? { signal } : {});
}
