import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AccessKey } from '@portal/contracts/access-keys';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import { showAlert } from '../../../lib/alerts/alert-store';
import { useRevokeAccessKey } from '../api/revoke-access-key';

interface RevokeDialogProps {
  readonly merchantId: string;
  readonly accessKey: AccessKey;
  readonly onClose: () => void;
}

/** Asks before revoking: the merchant API refuses the key from its next call, and it cannot come back. */
export function RevokeDialog({ merchantId, accessKey, onClose }: RevokeDialogProps) {
  const { t } = useTranslation('accessKeys');
  const mutation = useRevokeAccessKey(merchantId);
  const revoke = async () => {
    await mutation.mutateAsync(accessKey.id);
    showAlert({
      type: 'Success',
      message: { key: 'accessKeys:revoke.done', values: { name: accessKey.name } },
    });
    onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('revoke.title', { name: accessKey.name })}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('revoke.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('dialog.cancel')}
          </Button>
          <PendingButton color="red.8" onClick={revoke}>
            {t('revoke.submit')}
          </PendingButton>
        </Group>
      </Stack>
    </Modal>
  );
}
