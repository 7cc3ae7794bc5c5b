import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Location } from '@portal/contracts/locations';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import { showAlert } from '../../../lib/alerts/alert-store';
import { useLocationStatus } from '../api/locations-api';

interface LocationStatusDialogProps {
  readonly merchantId: string;
  readonly location: Location;
  readonly onClose: () => void;
}

/**
 * Asks before deactivating (the location takes no new sales; its transactions keep naming it, and it
 * can be reactivated) or reactivating.
 */
export function LocationStatusDialog({ merchantId, location, onClose }: LocationStatusDialogProps) {
  const { t } = useTranslation('locations');
  const mutation = useLocationStatus(merchantId);
  const action = location.status === 'ACTIVE' ? 'deactivate' : 'reactivate';
  const confirm = async () => {
    await mutation.mutateAsync({ id: location.id, action });
    showAlert({
      type: 'Success',
      message: { key: `locations:${action}.done`, values: { name: location.name } },
    });
    onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(`${action}.title`, { name: location.name })}
      size="md"
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t(`${action}.text`)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('form.cancel')}
          </Button>
          <PendingButton color={action === 'deactivate' ? 'red.8' : undefined} onClick={confirm}>
            {t(`${action}.submit`)}
          </PendingButton>
        </Group>
      </Stack>
    </Modal>
  );
}
