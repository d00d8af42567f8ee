// Leads and conversations (issue 6): leads, chat, pre-approvals, analytics.
// Import shared tables from './core' and './platform'; shared columns from './columns'.
export {};
