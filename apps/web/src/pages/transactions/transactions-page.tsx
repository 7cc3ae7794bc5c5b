import { Stack } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import { PAGES, href } from '@portal/contracts/routes';
import { accessLevel } from '@portal/contracts/scopes';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ListView } from '../../components/data-table/list-view';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { selectedProgramIds, useProgramSelection } from '../../features/programs/program-selection';
import { useMerchantPrograms } from '../../features/programs/use-merchant-programs';
import { downloadTransactionsCsv } from '../../features/transactions/api/export-transactions';
import { useTransactionPage } from '../../features/transactions/api/list-transactions';
import { usePrefetchTransaction } from '../../features/transactions/api/transaction-detail';
import { useTransactionLocations } from '../../features/transactions/api/transaction-locations';
import { useTransactionTotals } from '../../features/transactions/api/transaction-totals';
import type { TransactionAnswer } from '../../features/transactions/api/transaction-schemas';
import { transactionColumns } from '../../features/transactions/components/transaction-columns';
import { transactionFilters } from '../../features/transactions/components/transaction-filters';
import { TransactionTotalsView } from '../../features/transactions/components/transaction-totals';
import {
  effectivePrograms,
  transactionFilterQuery,
  transactionListUrl,
  transactionPageQuery,
} from '../../features/transactions/list-params';
import { useFormatters } from '../../lib/format/use-formatters';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { useListState } from '../../lib/url-state/list-state';

const getRowId = (row: TransactionAnswer) => row.id;

// The drawer, with its actions' forms, is a chunk of its own: the first rows do not wait for its code
// (docs/decisions/0027). It is loaded once they show, so that opening a row does not wait for it either.
const loadTransactionDrawer = () => import('../../features/transactions/components/transaction-drawer');
const TransactionDrawer = lazy(async () => ({ default: (await loadTransactionDrawer()).TransactionDrawer }));

interface TransactionsPageProps {
  readonly merchantId: string;
  readonly scopes: readonly string[];
}

/**
 * The transaction list (issue 4): filters, search, sort, page size and page in the URL; totals of the
 * filtered set; the detail of one transaction in a drawer at its own URL, with the actions of READ/WRITE
 * users; the CSV export of the whole filtered list. The header's program selection narrows all of it.
 */
function TransactionsPage({ merchantId, scopes }: TransactionsPageProps) {
  const { t } = useTranslation('transactions');
  const navigate = useNavigate();
  const { search } = useLocation();
  const { transactionId } = useParams();

  const list = useListState(transactionListUrl);
  const { params } = list;
  const merchant = useCurrentMerchant(merchantId);
  const programs = useMerchantPrograms(merchantId);
  const [selection] = useProgramSelection(merchantId);
  const merchantPrograms = useMemo(
    () => (programs.status === 'success' ? programs.programs : []),
    [programs],
  );
  const selectionIds = selection.allProgramsSelected
    ? undefined
    : selectedProgramIds(
        selection,
        merchantPrograms.map((program) => program.id),
      );
  const programIds = effectivePrograms(params.programID, selectionIds);
  const programOptions = merchantPrograms
    .filter((program) => selectionIds === undefined || selectionIds.includes(program.id))
    .map((program) => ({ value: program.id, label: program.name }));

  const page = useTransactionPage(merchantId, transactionPageQuery(params, programIds));
  const filterQuery = transactionFilterQuery(params, programIds);
  const totals = useTransactionTotals(merchantId, filterQuery);

  const timeZone = merchant.data?.timeZone ?? page.data?.timeZone ?? 'UTC';
  const currency = merchant.data?.currency ?? totals.data?.gross.currency ?? 'USD';
  const format = useFormatters(timeZone);
  const canAct = accessLevel(scopes) === 'READ/WRITE';

  const detailHref = useCallback(
    (id: string) => `${href(PAGES.transaction.path, { transactionId: id })}${search}`,
    [search],
  );
  const prefetchTransaction = usePrefetchTransaction(merchantId);
  const columns = useMemo(
    () => transactionColumns({ t, format, timeZone, detailHref, onOpen: prefetchTransaction }),
    [t, format, timeZone, detailHref, prefetchTransaction],
  );
  const locations = useTransactionLocations(merchantId);
  const filters = transactionFilters({
    t,
    programs: programOptions,
    locations: locations.data ?? [],
    timeZone,
    currency,
  });
  const rowsShown = page.data !== undefined;
  useEffect(() => {
    if (rowsShown) void loadTransactionDrawer();
  }, [rowsShown]);
  // Mounted from the first opening on, so that it slides away when closed.
  const [drawerMounted, setDrawerMounted] = useState(transactionId !== undefined);
  if (transactionId !== undefined && !drawerMounted) setDrawerMounted(true);
  const { error: totalsError } = totals;
  useEffect(() => {
    if (totalsError !== null) showErrorAlert(totalsError);
  }, [totalsError]);

  const exportCsv = (locale: Locale) =>
    downloadTransactionsCsv({
      query: { ...filterQuery, sort: params.sort, order: params.order, locale },
    });

  return (
    <Stack gap="md">
      <PageTitle page="transactions" />
      <ListView
        name="transactions"
        list={list}
        page={page}
        columns={columns}
        filters={filters}
        getRowId={getRowId}
        label={t('list.label')}
        filterLabel={t('list.filterLabel')}
        empty={{ filtered: t('list.empty'), none: t('list.noneYet') }}
        onExport={exportCsv}
        summary={
          <TransactionTotalsView
            totals={totals.data}
            status={totals.isError ? 'error' : totals.data ? 'success' : 'pending'}
            error={totals.error}
            onRetry={() => void totals.refetch()}
            refreshing={totals.isPlaceholderData}
            format={format}
          />
        }
        onRowOpen={(row) => {
          prefetchTransaction(row.id);
          void navigate(detailHref(row.id));
        }}
        activeRowId={transactionId}
      />
      {drawerMounted && (
        <Suspense fallback={null}>
          <TransactionDrawer
            merchantId={merchantId}
            transactionId={transactionId}
            canAct={canAct}
            format={format}
            onClose={() => {
              void navigate(`${PAGES.transactions.path}${search}`);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** The index route and /transactions; /transactions/:transactionId opens one over the list. */
export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <TransactionsPage key={merchantId} merchantId={merchantId} scopes={claims.scp} />;
}
