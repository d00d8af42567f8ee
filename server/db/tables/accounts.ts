// Customer accounts and engagement (issue 5): resets, saved vehicles and searches, referrals, private listings.
// Import shared tables from './core' and './platform'; shared columns from './columns'.
export {};
