import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Location, LocationDetail } from '@portal/contracts/locations';
import { PAGES } from '@portal/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailDrawer, useDrawerSubject } from '../../../components/detail-drawer/detail-drawer';
import { DetailList } from '../../../components/detail-drawer/detail-list';
import type { Formatters } from '../../../lib/format/use-formatters';
import { useLocationDetail } from '../api/locations-api';
import { LocationStatusBadge } from './location-status-badge';

/** The transaction list filtered by the location (its URL parameter `locationID`). */
export function locationTransactionsHref(id: string): string {
  return `${PAGES.transactions.path}?${new URLSearchParams({ locationID: id }).toString()}`;
}

function AddressLines({ location }: { readonly location: Location }) {
  const lines = [
    location.addressLine1,
    location.addressLine2,
    `${location.city}, ${location.region} ${location.postalCode}`,
    location.country,
  ].filter((line) => line !== '');
  return (
    <Text component="address" fs="normal" size="sm">
      {lines.map((line) => (
        <span key={line} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </Text>
  );
}

interface DetailProps {
  readonly detail: LocationDetail;
  readonly format: Formatters;
  readonly canEdit: boolean;
  readonly onEdit: (location: Location) => void;
  readonly onStatusChange: (location: Location) => void;
}

function Detail({ detail: { location, figures }, format, canEdit, onEdit, onStatusChange }: DetailProps) {
  const { t } = useTranslation('locations');
  // The month is a calendar month of the merchant's zone, named as such (its first day read in UTC).
  const month = new Intl.DateTimeFormat(format.locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${figures.monthStart}T00:00:00Z`));
  return (
    <Stack gap="lg">
      {canEdit && (
        <Group gap="sm">
          <Button
            onClick={() => {
              onEdit(location);
            }}
          >
            {t('detail.edit')}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              onStatusChange(location);
            }}
          >
            {location.status === 'ACTIVE' ? t('detail.deactivate') : t('detail.reactivate')}
          </Button>
        </Group>
      )}
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('detail.figures', { month })}
        </Title>
        <DetailList
          items={[
            [t('detail.fields.transactionCount'), format.count(figures.transactionCount)],
            [t('detail.fields.settledSales'), format.money(figures.settledSales)],
          ]}
        />
        <Anchor component={Link} to={locationTransactionsHref(location.id)} size="sm">
          {t('detail.transactionsLink', { name: location.name })}
        </Anchor>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('detail.details')}
        </Title>
        <DetailList
          items={[
            [t('detail.fields.status'), <LocationStatusBadge key="status" status={location.status} />],
            [t('fields.storeNumber'), location.storeNumber],
            [t('detail.fields.address'), <AddressLines key="address" location={location} />],
            [t('fields.phone'), location.phone],
            [t('fields.timeZone'), location.timeZone.replaceAll('_', ' ')],
            [t('detail.fields.createdAt'), format.dateTime(location.createdAt)],
            location.deactivatedAt === null
              ? null
              : [t('detail.fields.deactivatedAt'), format.dateTime(location.deactivatedAt)],
          ]}
        />
      </Stack>
    </Stack>
  );
}

export interface LocationDrawerProps extends Omit<DetailProps, 'detail'> {
  readonly merchantId: string;
  /** The location of the URL; undefined closes the drawer. */
  readonly locationId: string | undefined;
  readonly onClose: () => void;
}

/** One location over the list, at its own URL: its figures of the month, address, phone, status. */
export function LocationDrawer({ merchantId, locationId, onClose, ...props }: LocationDrawerProps) {
  const { t } = useTranslation('locations');
  const shownId = useDrawerSubject(locationId);
  const detail = useLocationDetail(merchantId, shownId, locationId !== undefined);
  return (
    <DetailDrawer
      opened={locationId !== undefined}
      onClose={onClose}
      title={detail.data?.location.name ?? t('detail.title')}
      closeLabel={t('detail.close')}
      loadingLabel={t('detail.loading')}
      query={detail}
    >
      {(data) => <Detail detail={data} {...props} />}
    </DetailDrawer>
  );
}
