import { dataResponseSchema } from '@portal/contracts/api';
import { programPath, programSchema, type Program } from '@portal/contracts/programs';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http/http-client';
import { limitConcurrency } from '../limit-concurrency';

/** A merchant can take part in hundreds of programs; a few calls at a time leave room for the page's own. */
export const PROGRAM_FETCH_CONCURRENCY = 6;

const programSlots = limitConcurrency(PROGRAM_FETCH_CONCURRENCY);

const programAnswerSchema = dataResponseSchema(programSchema);

/** `GET /api/program/{id}` (specification §7). */
function fetchProgram(id: string, signal?: AbortSignal): Promise<Program> {
  return programSlots(async () => {
    const { data } = await apiRequest(programPath(id), { schema: programAnswerSchema, signal });
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
