/** The system Chromium's path, or null when none is installed. */
export function findChromium(): string | null;
