import { MutationCache, QueryClient } from '@tanstack/react-query';
import { reportMutationError } from '../lib/forms/mutation-errors';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every failed change is reported here, once, unless its page shows it (`meta.showsError`).
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        reportMutationError(error, mutation.meta);
      },
    }),
    defaultOptions: {
      // Merchant data changes slowly; a page visited again within half a minute needs no refetch.
      queries: { staleTime: 30_000 },
    },
  });
}
