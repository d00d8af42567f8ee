// Content (issue 7): posts, categories, pages, slug redirects.
// Import shared tables from './core' and './platform'; shared columns from './columns'.
export {};
