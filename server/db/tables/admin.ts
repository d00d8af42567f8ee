// Admin back office (issue 4): imports, TOTP and other admin-only tables.
// Import shared tables from './core' and './platform'; shared columns from './columns'.
export {};
