import { PAGES } from '@portal/contracts/routes';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { getProgramSelection } from '../../../lib/storage/portal-storage';
import { effectivePrograms, transactionListUrl, transactionPageQuery } from '../list-params';
import { transactionPageQueryOptions } from './list-transactions';

function isTransactionList(pathname: string): boolean {
  const list = PAGES.transactions.path;
  return pathname === '/' || pathname === list || pathname.startsWith(`${list}/`);
}

/** Where the session opened: the address the first page of the list is read from. */
export type OpenedAt = Pick<Location, 'pathname' | 'search'>;

/**
 * Asks for the page of the transaction list that `opened` names, under the list's own query key, when
 * the address is the list's and every program is selected; otherwise asks nothing. A failure is the
 * list's to show, when it asks for the same page.
 */
export function askFirstTransactionPage(
  queryClient: QueryClient,
  merchantId: string,
  opened: OpenedAt,
): void {
  if (!isTransactionList(opened.pathname) || !getProgramSelection(merchantId).allProgramsSelected) return;
  const params = transactionListUrl.parse(new URLSearchParams(opened.search));
  const query = transactionPageQuery(params, effectivePrograms(params.programID, undefined));
  const { queryKey, queryFn, retry } = transactionPageQueryOptions(merchantId, query);
  queryClient.query({ queryKey, queryFn, retry }).catch(() => undefined);
}

/**
 * Asks for the transaction list's page as soon as the token and the merchant are known, while the
 * session still loads the merchant's programs (hundreds for some): with every program selected the page
 * does not need them, and it then finds its rows on the way (same query, same key). A selection of some
 * programs needs the programs' ids, so that list waits for them as before. Called first in the session,
 * so that its request leaves before the programs' take every connection. A session that was signed in
 * when the page loaded asked already (`startSessionRequests`): the same query is not asked twice.
 */
export function useFirstTransactionPageEarly(merchantId: string): void {
  const queryClient = useQueryClient();
  const location = useLocation();
  // Only the address the session opened on: later moves are the list's own business.
  const [opened] = useState(location);
  useEffect(() => {
    askFirstTransactionPage(queryClient, merchantId, opened);
  }, [merchantId, queryClient, opened]);
}
