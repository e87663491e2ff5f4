import { QueryClient } from '@tanstack/react-query';

/**
 * A cache of server state (TanStack Query). Lists keep their previous page on screen while the
 * next loads; a changed search cancels the request it replaces. No retries: a failed load shows
 * its message and a "Retry" button, as the spec asks. Each signed-in screen makes one when it
 * mounts (see server-state.tsx), so /login does not download it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    },
  });
}
