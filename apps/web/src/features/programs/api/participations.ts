import { PARTICIPATIONS_PAGE_SIZE } from '@portal/contracts/constants';
import type { Participation } from '@portal/contracts/programs';
import { participationsEndpoint } from '@portal/contracts/programs-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';

export type ParticipationAnswer = Participation;

/**
 * Every participation of the merchant, archived ones included, 200 a page until all are loaded
 * (specification §4, §7).
 */
async function fetchAllParticipations(
  merchantId: string,
  signal?: AbortSignal,
): Promise<ParticipationAnswer[]> {
  const all: ParticipationAnswer[] = [];
  for (;;) {
    const { data } = await callEndpoint(participationsEndpoint, {
      query: {
        'merchantID.eq': merchantId,
        showArchived: true,
        limit: PARTICIPATIONS_PAGE_SIZE,
        offset: all.length,
      },
      signal,
    });
    all.push(...data.items);
    // An empty page ends the loop too, so a total that shrinks while paging cannot loop forever.
    if (data.items.length === 0 || all.length >= data.pagination.total) return all;
  }
}

/** The programs a merchant takes part in now: a deleted participation is not an active program (§3). */
export function activeProgramIds(participations: readonly ParticipationAnswer[]): string[] {
  const active = participations.filter((participation) => participation.deletedAt === null);
  return [...new Set(active.map((participation) => participation.programID))];
}

export function participationsQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['programs', 'participations', merchantId] as const,
    queryFn: ({ signal }) => fetchAllParticipations(merchantId, signal),
  });
}
