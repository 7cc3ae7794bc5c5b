import { Alert, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { CheckoutDesignState } from '@portal/contracts/checkout-design';
import { useTranslation } from 'react-i18next';
import { ErrorMessageBox } from '../../../components/error-message-box';
import { PendingButton } from '../../../components/pending-button';
import { showAlert } from '../../../lib/alerts/alert-store';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useDesignVersions } from '../api/design-versions';
import { useRestoreDesignVersion } from '../api/restore-design-version';

interface DesignVersionsListProps {
  readonly merchantId: string;
  readonly timeZone: string;
  /** The user may restore (`u:ui_customizations`). */
  readonly canEdit: boolean;
  /** Edits not saved yet: a restore would replace them, so it waits for them to be saved or undone. */
  readonly editing: boolean;
  /** The restored draft, for the form to show. */
  readonly onRestored: (state: CheckoutDesignState) => void;
}

/** The last published versions; restoring one makes it the draft, to review and publish. */
export function DesignVersionsList({
  merchantId,
  timeZone,
  canEdit,
  editing,
  onRestored,
}: DesignVersionsListProps) {
  const { t } = useTranslation('checkoutDesign');
  const format = useFormatters(timeZone);
  const versions = useDesignVersions(merchantId);
  const restore = useRestoreDesignVersion(merchantId);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="design-versions-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="design-versions-title">
          {t('versions.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('versions.intro')}
        </Text>
        {canEdit && editing && (
          <Alert color="gray" role="status">
            {t('versions.saveFirst')}
          </Alert>
        )}
        {versions.isError ? (
          <ErrorMessageBox error={versions.error} onRetry={() => void versions.refetch()} />
        ) : versions.data === undefined ? (
          <Loader size="sm" aria-label={t('versions.loading')} />
        ) : versions.data.length === 0 ? (
          <Text size="sm">{t('versions.none')}</Text>
        ) : (
          <Table aria-labelledby="design-versions-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('versions.version')}</Table.Th>
                <Table.Th>{t('versions.publishedAt')}</Table.Th>
                <Table.Th>{t('versions.publishedBy')}</Table.Th>
                <Table.Th>{t('fields.shopName')}</Table.Th>
                {canEdit && <Table.Th>{t('versions.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>{format.dateTime(version.publishedAt)}</Table.Td>
                  <Table.Td>{version.publishedBy ?? '—'}</Table.Td>
                  <Table.Td>{version.design.shopName}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group>
                        <PendingButton
                          size="xs"
                          variant="default"
                          disabled={editing}
                          aria-label={t('versions.restoreNamed', { version: version.version })}
                          onClick={async () => {
                            onRestored(await restore.mutateAsync(version.version));
                            showAlert({
                              type: 'Success',
                              message: {
                                key: 'checkoutDesign:versions.restored',
                                values: { version: String(version.version) },
                              },
                            });
                          }}
                        >
                          {t('versions.restore')}
                        </PendingButton>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
