import { deriveProgramFlags, type Program, type ProgramFlags } from '@portal/contracts/programs';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activeProgramIds, participationsQueryOptions } from './api/participations';
import { programQueryOptions } from './api/program';

export type MerchantPrograms =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly error: unknown; readonly retry: () => void }
  | { readonly status: 'success'; readonly programs: readonly Program[]; readonly flags: ProgramFlags };

// At module level, so that React Query keeps the combined value while the results stay the same.
function combinePrograms(results: UseQueryResult<Program>[]) {
  return {
    data: results.flatMap((result) => (result.data ? [result.data] : [])),
    pending: results.some((result) => result.isPending),
    failed: results.filter((result) => result.isError),
  };
}

/**
 * The merchant's active programs and the flags derived from them (specification §4): every
 * participation page, then each program once.
 */
export function useMerchantPrograms(merchantId: string): MerchantPrograms {
  const participations = useQuery(participationsQueryOptions(merchantId));
  const ids = useMemo(() => activeProgramIds(participations.data ?? []), [participations.data]);
  const programs = useQueries({
    queries: ids.map((id) => programQueryOptions(id)),
    combine: combinePrograms,
  });
  const loaded = participations.isSuccess && !programs.pending && programs.failed.length === 0;
  const data = programs.data;
  const flags = useMemo(() => (loaded ? deriveProgramFlags(data) : null), [loaded, data]);

  if (participations.isError) {
    return {
      status: 'error',
      error: participations.error,
      retry: () => void participations.refetch(),
    };
  }
  const [failed] = programs.failed;
  if (failed) {
    return {
      status: 'error',
      error: failed.error,
      retry: () => {
        for (const result of programs.failed) void result.refetch();
      },
    };
  }
  if (!flags) return { status: 'pending' };
  return { status: 'success', programs: data, flags };
}
