// The kind of screen the server rendered the page for (domain/page-render.ts deviceFromHeaders). It travels in the
// render state, so the hydrating render gives the same photos image priority as the server's HTML did.
import { createContext } from 'react';
import type { RenderedDevice } from '@domain/page-render';

export const RenderedDeviceContext = createContext<RenderedDevice>('other');
