// Setup of the component project (vitest.config.ts): each test renders into a fresh document, and the few browser
// APIs jsdom lacks that the components touch get inert stand-ins (no layout here: what needs one stays in e2e/).
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  });
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
window.scrollTo = () => {};
class Inert { observe() {} unobserve() {} disconnect() {} takeRecords() { return []; } }
globalThis.ResizeObserver ??= Inert as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= Inert as unknown as typeof IntersectionObserver;
