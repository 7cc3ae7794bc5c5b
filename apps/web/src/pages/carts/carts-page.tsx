import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { CART_PAGE_SIZES, type CartSort } from '@portal/contracts/carts';
import { PAGES, href } from '@portal/contracts/routes';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ColumnChooser } from '../../components/data-table/column-chooser';
import { useColumnPreferences } from '../../components/data-table/column-preferences';
import { DataTable } from '../../components/data-table/data-table';
import { Pager } from '../../components/data-table/pager';
import { ListEmpty } from '../../components/data-table/list-empty';
import { useListPaging } from '../../components/data-table/use-list-paging';
import { PageTitle } from '../../components/page-title';
import { useCartPage } from '../../features/carts/api/carts-api';
import type { CartSummaryAnswer } from '../../features/carts/api/cart-schemas';
import {
  CART_COLUMN_IDS,
  CART_COLUMNS_LIST,
  cartColumns,
} from '../../features/carts/components/cart-columns';
import { CartFilters } from '../../features/carts/components/cart-filters';
import { cartListUrl, cartPageQuery } from '../../features/carts/list-params';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useCartFormatters } from '../../features/carts/use-cart-formatters';
import { useAuth } from '../../lib/auth/auth-context';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { useListState } from '../../lib/url-state/list-state';

const getRowId = (row: CartSummaryAnswer) => row.id;

/** The cart list (issue 5): filters, search, sort and page in the URL; rows open the cart. */
function CartsPage({
  merchantId,
  scopes,
}: {
  readonly merchantId: string;
  readonly scopes: readonly string[];
}) {
  const { t } = useTranslation('carts');
  const navigate = useNavigate();
  const list = useListState(cartListUrl, { maxOffset: 10_000 });
  const { params } = list;
  const merchant = useCurrentMerchant(merchantId);
  const format = useCartFormatters(merchant.data?.timeZone ?? 'UTC');
  const page = useCartPage(merchantId, cartPageQuery(params));

  const detailHref = useCallback((id: string) => href(PAGES.cart.path, { cartId: id }), []);
  const columns = useMemo(() => cartColumns({ t, format, detailHref }), [t, format, detailHref]);
  const preferences = useColumnPreferences(CART_COLUMNS_LIST, CART_COLUMN_IDS);

  const paging = useListPaging(list, page);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle page="carts" />
        {hasScope(scopes, SCOPES.cartCreate) && (
          <Button
            component={Link}
            to={PAGES.cartCreate.path}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('list.create')}
          </Button>
        )}
      </Group>
      <CartFilters list={list} actions={<ColumnChooser columns={columns} preferences={preferences} />} />
      <DataTable
        label={t('list.label')}
        columns={columns}
        preferences={preferences}
        rows={page.data?.items}
        status={page.isError ? 'error' : page.data ? 'success' : 'pending'}
        error={page.error}
        onRetry={() => void page.refetch()}
        refreshing={page.isPlaceholderData}
        getRowId={getRowId}
        sort={{ id: params.sort, order: params.order }}
        onSortChange={(id) => {
          list.toggleSort(id as CartSort);
        }}
        onRowOpen={(row) => {
          void navigate(detailHref(row.id));
        }}
        skeletonRows={params.limit}
        minWidth={1100}
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
          pageSizes={CART_PAGE_SIZES}
          onPageSizeChange={list.setPageSize}
          onGoTo={list.goTo}
        />
      )}
    </Stack>
  );
}

export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <CartsPage key={merchantId} merchantId={merchantId} scopes={claims.scp} />;
}
