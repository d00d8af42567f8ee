// The configuration cn() merges with. The client build replaces this module with tailwind-merge's default cut down
// to what the app's classes need (scripts/tailwind-merge-config.ts, vite.config.ts: tailwindMergeForTheApp; issue 35
// §1), and cn.test.ts checks that the two merge the app's classes alike. The server, the tests and `npm run dev` use
// the full default.
import { getDefaultConfig } from 'tailwind-merge';

export const tailwindMergeConfig = getDefaultConfig();
