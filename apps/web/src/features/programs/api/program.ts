import type { Program } from '@portal/contracts/programs';
import { programEndpoint } from '@portal/contracts/programs-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { limitConcurrency } from '../limit-concurrency';

/** A merchant can take part in hundreds of programs; a few calls at a time leave room for the page's own. */
export const PROGRAM_FETCH_CONCURRENCY = 6;

const programSlots = limitConcurrency(PROGRAM_FETCH_CONCURRENCY);

/** `GET /api/program/{id}` (specification §7). */
function fetchProgram(id: string, signal?: AbortSignal): Promise<Program> {
  return programSlots(async () => {
    const { data } = await callEndpoint(programEndpoint, { params: { id }, signal });
    return data;
  });
}

export function programQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['programs', 'program', id] as const,
    queryFn: ({ signal }) => fetchProgram(id, signal),
    // A program's channel and checkout mode do not change during a session.
    staleTime: Infinity,
  });
}
