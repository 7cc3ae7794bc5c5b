import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Locale } from '@portal/contracts/brands';
import type { Location } from '@portal/contracts/locations';
import { PAGES, href } from '@portal/contracts/routes';
import { SCOPES, hasScope } from '@portal/contracts/scopes';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ListView } from '../../components/data-table/list-view';
import { PageTitle } from '../../components/page-title';
import { downloadLocationsCsv, useLocationPage } from '../../features/locations/api/locations-api';
import { locationColumns } from '../../features/locations/components/location-columns';
import { LocationDrawer } from '../../features/locations/components/location-drawer';
import { locationFilters } from '../../features/locations/components/location-filters';
import { LocationForm } from '../../features/locations/components/location-form';
import { LocationStatusDialog } from '../../features/locations/components/location-status-dialog';
import {
  locationFilterQuery,
  locationListUrl,
  locationPageQuery,
} from '../../features/locations/list-params';
import { useCurrentMerchant } from '../../features/merchants/api/current-merchant';
import { useAccessContext } from '../../lib/access/access-context';
import { useAuth } from '../../lib/auth/auth-context';
import { useFormatters } from '../../lib/format/use-formatters';
import { currentMerchantId } from '../../lib/merchant-selection/merchant-selection';
import { useListState } from '../../lib/url-state/list-state';

const getRowId = (row: Location) => row.id;

/** What is open over the list: the add or edit form, or the deactivate or reactivate question. */
type Dialog = { kind: 'form'; location: Location | undefined } | { kind: 'status'; location: Location };

/**
 * The location list: search, status, sort and page in the URL, CSV export; one location's detail in a
 * drawer at its own URL with its figures of the month; add, edit, deactivate and reactivate with
 * `u:merchant`.
 */
function LocationsPage({
  merchantId,
  scopes,
}: {
  readonly merchantId: string;
  readonly scopes: readonly string[];
}) {
  const { t } = useTranslation('locations');
  const navigate = useNavigate();
  const { search } = useLocation();
  const { locationId } = useParams();
  const { brand } = useAccessContext();
  const list = useListState(locationListUrl);
  const { params } = list;
  const merchant = useCurrentMerchant(merchantId);
  const format = useFormatters(merchant.data?.timeZone ?? 'UTC');
  const page = useLocationPage(merchantId, locationPageQuery(params));
  const canEdit = hasScope(scopes, SCOPES.merchantUpdate);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const detailHref = useCallback(
    (id: string) => `${href(PAGES.location.path, { locationId: id })}${search}`,
    [search],
  );
  const columns = useMemo(() => locationColumns({ t, format, detailHref }), [t, format, detailHref]);
  const filters = useMemo(() => locationFilters(t), [t]);
  const exportCsv = (locale: Locale) => downloadLocationsCsv({ ...locationFilterQuery(params), locale });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle page="locations" />
        {canEdit && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => {
              setDialog({ kind: 'form', location: undefined });
            }}
          >
            {t('list.add')}
          </Button>
        )}
      </Group>
      <ListView
        name="locations"
        list={list}
        page={page}
        columns={columns}
        filters={filters}
        getRowId={getRowId}
        label={t('list.label')}
        filterLabel={t('list.filterLabel')}
        empty={{ filtered: t('list.empty'), none: t('list.noneYet') }}
        onExport={exportCsv}
        onRowOpen={(row) => {
          void navigate(detailHref(row.id));
        }}
        activeRowId={locationId}
      />
      <LocationDrawer
        merchantId={merchantId}
        locationId={locationId}
        format={format}
        canEdit={canEdit}
        onEdit={(location) => {
          setDialog({ kind: 'form', location });
        }}
        onStatusChange={(location) => {
          setDialog({ kind: 'status', location });
        }}
        onClose={() => {
          void navigate(`${PAGES.locations.path}${search}`);
        }}
      />
      {dialog?.kind === 'form' && (
        <LocationForm
          merchantId={merchantId}
          location={dialog.location}
          defaultCountry={brand === 'rbc' ? 'CA' : 'US'}
          onClose={() => {
            setDialog(null);
          }}
          onSaved={(saved) => {
            setDialog(null);
            // A new location opens, so that what was just added is in view.
            if (dialog.location === undefined) void navigate(detailHref(saved.id));
          }}
        />
      )}
      {dialog?.kind === 'status' && (
        <LocationStatusDialog
          merchantId={merchantId}
          location={dialog.location}
          onClose={() => {
            setDialog(null);
          }}
        />
      )}
    </Stack>
  );
}

/** /locations, and /locations/:locationId with that location open over the list. */
export function Component() {
  const { claims } = useAuth();
  const merchantId = claims ? currentMerchantId(claims) : null;
  // The signed-in shell renders pages only with a token for a chosen merchant.
  if (!claims || merchantId === null) return null;
  return <LocationsPage key={merchantId} merchantId={merchantId} scopes={claims.scp} />;
}
