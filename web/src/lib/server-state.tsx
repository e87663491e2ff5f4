import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

/**
 * The server-state cache of one signed-in screen (TanStack Query). A new one each time the screen
 * mounts: what one account loaded never shows to the next, and a screen reads its data once.
 * Only the signed-in screens import it, so /login downloads no query library.
 */
export function ServerState({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
