// spec §2: the page-wide event that opens the chat widget (a vehicle page passes its vehicle along).
// Its own zod-free module: the site shell imports it on every page, and importing it from domain/assistant.ts
// pulled zod and the assistant's schemas into the entry bundle (issue 3: 150 KiB budget for /vehicles).
export const OPEN_CHAT_EVENT = 'openCarBroChat';
export interface OpenChatDetail { vehicleId?: number | null }
