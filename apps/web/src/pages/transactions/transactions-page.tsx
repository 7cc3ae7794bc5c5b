import { Stack } from '@mantine/core';
import { PAGES, href } from '@portal/contracts/routes';
import { accessLevel } from '@portal/contracts/scopes';
import {
  MAX_TRANSACTION_OFFSET,
  TRANSACTION_PAGE_SIZES,
  type TransactionSort,
} from '@portal/contracts/transactions';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ColumnChooser } from '../../components/data-table/column-chooser';
import { useColumnPreferences } from '../../components/data-table/column-preferences';
import { DataTable } from '../../components/data-table/data-table';
import { ExportButton } from '../../components/data-table/export-button';
import { Pager } from '../../components/data-table/pager';
import { ListEmpty } from '../../components/data-table/list-empty';
import { useListPaging } from '../../components/data-table/use-list-paging';
import { PageTitle } from '../../components/page-title';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { selectedProgramIds, useProgramSelection } from '../../features/programs/program-selection';
import { useMerchantPrograms } from '../../features/programs/use-merchant-programs';
import { downloadTransactionsCsv } from '../../features/transactions/api/export-transactions';
import { useTransactionPage } from '../../features/transactions/api/list-transactions';
import { useTransactionTotals } from '../../features/transactions/api/transaction-totals';
import type { TransactionAnswer } from '../../features/transactions/api/transaction-schemas';
import {
  TRANSACTION_COLUMN_IDS,
  TRANSACTION_COLUMNS_LIST,
  transactionColumns,
} from '../../features/transactions/components/transaction-columns';
import { TransactionDrawer } from '../../features/transactions/components/transaction-drawer';
import { TransactionFilters } from '../../features/transactions/components/transaction-filters';
import { TransactionTotalsView } from '../../features/transactions/components/transaction-totals';
import {
  effectivePrograms,
  transactionFilterQuery,
  transactionListUrl,
  transactionPageQuery,
} from '../../features/transactions/list-params';
import { useFormatters } from '../../features/transactions/use-formatters';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { track } from '../../lib/analytics/analytics';
import { useAuth } from '../../lib/auth/auth-context';
import { ApiError } from '../../lib/http/api-error';
import { isLocale } from '../../lib/i18n/language';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { usePublicConfig } from '../../lib/public-config';
import { useListState } from '../../lib/url-state/list-state';

/** A cursor the API no longer takes (other filters, or an old link): the list starts again instead. */
function isRefusedCursor(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.details.some((detail) => detail.path === 'query.cursor')
  );
}

const getRowId = (row: TransactionAnswer) => row.id;

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
  const { t, i18n } = useTranslation('transactions');
  const { apiurl } = usePublicConfig();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { transactionId } = useParams();

  const list = useListState(transactionListUrl, { maxOffset: MAX_TRANSACTION_OFFSET });
  const { params, resetPaging } = list;
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
  const columns = useMemo(() => transactionColumns({ t, format, detailHref }), [t, format, detailHref]);
  const preferences = useColumnPreferences(TRANSACTION_COLUMNS_LIST, TRANSACTION_COLUMN_IDS);

  // A cursor the API no longer takes (the list changed under it) starts again at the first page.
  const onPageError = useCallback(
    (error: unknown) => {
      if (isRefusedCursor(error)) resetPaging();
      else showErrorAlert(error);
    },
    [resetPaging],
  );
  const paging = useListPaging(list, page, onPageError);
  const { error: totalsError } = totals;
  useEffect(() => {
    if (totalsError !== null) showErrorAlert(totalsError);
  }, [totalsError]);

  const exportCsv = async () => {
    try {
      await downloadTransactionsCsv({
        apiurl,
        query: {
          ...filterQuery,
          sort: params.sort,
          order: params.order,
          locale: isLocale(i18n.language) ? i18n.language : 'en',
        },
      });
      track('export_downloaded', { list: 'transactions' });
    } catch (error) {
      showErrorAlert(error);
    }
  };

  const rows = page.data?.items;

  return (
    <Stack gap="md">
      <PageTitle page="transactions" />
      <TransactionFilters
        list={list}
        merchantId={merchantId}
        programs={programOptions}
        timeZone={timeZone}
        currency={currency}
        actions={
          <>
            <ColumnChooser columns={columns} preferences={preferences} />
            <ExportButton onExport={exportCsv} />
          </>
        }
      />
      <TransactionTotalsView
        totals={totals.data}
        status={totals.isError ? 'error' : totals.data ? 'success' : 'pending'}
        error={totals.error}
        onRetry={() => void totals.refetch()}
        refreshing={totals.isPlaceholderData}
        format={format}
      />
      <DataTable
        label={t('list.label')}
        columns={columns}
        preferences={preferences}
        rows={rows}
        status={page.isError ? 'error' : page.data ? 'success' : 'pending'}
        error={page.error}
        onRetry={() => void page.refetch()}
        refreshing={page.isPlaceholderData}
        getRowId={getRowId}
        sort={{ id: params.sort, order: params.order }}
        onSortChange={(id) => {
          list.toggleSort(id as TransactionSort);
        }}
        onRowOpen={(row) => {
          void navigate(detailHref(row.id));
        }}
        activeRowId={transactionId}
        skeletonRows={params.limit}
        minWidth={1280}
        empty={
          <ListEmpty filtered={list.hasFilters} onClearFilters={list.clearFilters}>
            {list.hasFilters ? t('list.empty') : t('list.noneYet')}
          </ListEmpty>
        }
      />
      {paging && (
        <Pager
          {...paging}
          pageSize={params.limit}
          pageSizes={TRANSACTION_PAGE_SIZES}
          onPageSizeChange={list.setPageSize}
          onGoTo={list.goTo}
        />
      )}
      <TransactionDrawer
        merchantId={merchantId}
        transactionId={transactionId}
        canAct={canAct}
        format={format}
        onClose={() => {
          void navigate(`${PAGES.transactions.path}${search}`);
        }}
      />
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
