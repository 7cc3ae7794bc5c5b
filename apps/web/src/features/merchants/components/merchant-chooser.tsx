import { Alert, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconCheck, IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../../components/error-message-box';
import { getPreviousMerchants, type PreviousMerchant } from '../../../lib/storage/portal-storage';
import { useMerchantSearch } from '../api/merchants';

/** Typing pauses this long before the server is asked. */
const MERCHANT_SEARCH_DEBOUNCE_MS = 250;

export interface MerchantChooserProps {
  /** The merchant of the token, marked in the lists; null before the first choice. */
  readonly currentMerchantId: string | null;
  readonly onChoose: (merchant: PreviousMerchant) => void;
  /** The merchant being switched to: its button shows progress and the others wait. */
  readonly pendingId: string | null;
}

function matches(merchant: PreviousMerchant, search: string): boolean {
  return merchant.name.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase());
}

interface MerchantListProps extends Omit<MerchantChooserProps, 'currentMerchantId'> {
  readonly title: string;
  readonly merchants: readonly PreviousMerchant[];
  readonly currentMerchantId: string | null;
}

function MerchantList({ title, merchants, currentMerchantId, onChoose, pendingId }: MerchantListProps) {
  const { t } = useTranslation('session');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {merchants.map((merchant) => {
          const current = merchant.id === currentMerchantId;
          return (
            <li key={merchant.id}>
              <Button
                variant={current ? 'light' : 'subtle'}
                fullWidth
                justify="flex-start"
                leftSection={<IconBuildingStore size={18} aria-hidden="true" />}
                rightSection={current ? <IconCheck size={18} aria-label={t('merchants.current')} /> : null}
                aria-current={current ? 'true' : undefined}
                loading={pendingId === merchant.id}
                disabled={pendingId !== null && pendingId !== merchant.id}
                onClick={() => {
                  onChoose(merchant);
                }}
              >
                {merchant.name}
              </Button>
            </li>
          );
        })}
      </Stack>
    </section>
  );
}

/**
 * The searchable merchant chooser of provider staff (specification §3, §4): the merchants selected
 * before on this browser first, then the server's matches.
 */
export function MerchantChooser({ currentMerchantId, onChoose, pendingId }: MerchantChooserProps) {
  const { t } = useTranslation('session');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, MERCHANT_SEARCH_DEBOUNCE_MS);
  const results = useMerchantSearch(debounced);
  // Read once per chooser: the list must not reorder under the pointer while a switch is under way.
  const [previous] = useState(getPreviousMerchants);
  const recent = useMemo(() => previous.filter((merchant) => matches(merchant, search)), [previous, search]);
  const others = useMemo(() => {
    const recentIds = new Set(recent.map((merchant) => merchant.id));
    return (results.data?.items ?? []).filter((merchant) => !recentIds.has(merchant.id));
  }, [results.data, recent]);

  let list;
  if (results.isPending) {
    list = <Loader size="sm" aria-label={t('merchants.searching')} />;
  } else if (results.isError) {
    list = <ErrorMessageBox error={results.error} onRetry={() => void results.refetch()} />;
  } else if (others.length === 0 && recent.length === 0) {
    list = <Text c="dimmed">{t('merchants.noMatch')}</Text>;
  } else if (others.length > 0) {
    list = (
      <MerchantList
        title={t(results.data.search === '' ? 'merchants.all' : 'merchants.matches')}
        merchants={others}
        currentMerchantId={currentMerchantId}
        onChoose={onChoose}
        pendingId={pendingId}
      />
    );
  }
  const total = results.data?.total ?? 0;
  const shown = results.data?.items.length ?? 0;

  return (
    <Stack gap="md">
      <TextInput
        label={t('merchants.searchLabel')}
        placeholder={t('merchants.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
        }}
        data-autofocus
      />
      {recent.length > 0 && (
        <MerchantList
          title={t('merchants.recent')}
          merchants={recent}
          currentMerchantId={currentMerchantId}
          onChoose={onChoose}
          pendingId={pendingId}
        />
      )}
      {list}
      {total > shown && (
        <Alert variant="light" color="gray">
          {t('merchants.narrow', { shown, total })}
        </Alert>
      )}
    </Stack>
  );
}
