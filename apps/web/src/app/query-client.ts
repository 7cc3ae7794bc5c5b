import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Merchant data changes slowly; a page visited again within half a minute needs no refetch.
      queries: { staleTime: 30_000 },
    },
  });
}
