import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alerts/alert-store';
import { track } from '../../../lib/analytics/analytics';
import { useRemoveUser, type UserAnswer } from '../api/users-api';
import { ConflictAlert } from './conflict-alert';

interface RemoveDialogProps {
  readonly merchantId: string;
  readonly user: UserAnswer;
  readonly onClose: () => void;
}

/** Asks before removing: the user can no longer sign in; its history stays in the audit log. */
export function RemoveDialog({ merchantId, user, onClose }: RemoveDialogProps) {
  const { t } = useTranslation('users');
  const mutation = useRemoveUser(merchantId);
  const name = `${user.firstName} ${user.lastName}`;

  const remove = () => {
    mutation.mutate(user.id, {
      onSuccess: () => {
        track('user_removed', { role: user.role, status: user.status });
        showAlert({ type: 'Success', message: { key: 'users:remove.done', values: { name } } });
        onClose();
      },
    });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('remove.title', { name })}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        <ConflictAlert error={mutation.error} />
        <Text size="sm">{t('remove.text', { name, email: user.email })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('dialog.cancel')}
          </Button>
          <Button color="red.8" loading={mutation.isPending} onClick={remove}>
            {t('remove.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
