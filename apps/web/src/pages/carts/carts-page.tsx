import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { PAGES, href } from '@portal/contracts/routes';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListView } from '../../components/data-table/list-view';
import { PageTitle } from '../../components/page-title';
import { useCartPage } from '../../features/carts/api/carts-api';
import type { CartSummaryAnswer } from '../../features/carts/api/cart-schemas';
import { cartColumns } from '../../features/carts/components/cart-columns';
import { cartFilters } from '../../features/carts/components/cart-filters';
import { cartListUrl, cartPageQuery } from '../../features/carts/list-params';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useFormatters } from '../../lib/format/use-formatters';
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
  const list = useListState(cartListUrl);
  const { params } = list;
  const merchant = useCurrentMerchant(merchantId);
  const format = useFormatters(merchant.data?.timeZone ?? 'UTC');
  const page = useCartPage(merchantId, cartPageQuery(params));

  const detailHref = useCallback((id: string) => href(PAGES.cart.path, { cartId: id }), []);
  const columns = useMemo(() => cartColumns({ t, format, detailHref }), [t, format, detailHref]);
  const filters = useMemo(() => cartFilters(t), [t]);

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
      <ListView
        name="carts"
        list={list}
        page={page}
        columns={columns}
        filters={filters}
        getRowId={getRowId}
        label={t('list.label')}
        filterLabel={t('list.filterLabel')}
        empty={{ filtered: t('list.empty'), none: t('list.noneYet') }}
        onRowOpen={(row) => {
          void navigate(detailHref(row.id));
        }}
        minWidth={1100}
      />
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
