import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alerts/alert-store';
import { isLocale } from '../../../lib/i18n/language';
import { useRestoreUser, type UserAnswer } from '../api/users-api';
import { ConflictAlert } from './conflict-alert';

interface RestoreDialogProps {
  readonly merchantId: string;
  readonly user: UserAnswer;
  readonly onClose: () => void;
}

/**
 * Asks before restoring a removed user: it is invited again with the role it had, and signs in only
 * once it has created a new password from the invitation.
 */
export function RestoreDialog({ merchantId, user, onClose }: RestoreDialogProps) {
  const { t, i18n } = useTranslation('users');
  const mutation = useRestoreUser(merchantId);
  const name = `${user.firstName} ${user.lastName}`;

  const restore = () => {
    mutation.mutate(
      { id: user.id, locale: isLocale(i18n.language) ? i18n.language : 'en' },
      {
        onSuccess: () => {
          showAlert({
            type: 'Success',
            message: { key: 'users:restore.done', values: { email: user.email } },
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('restore.title', { name })}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        <ConflictAlert error={mutation.error} />
        <Text size="sm">{t('restore.text', { name, email: user.email, role: t(`role.${user.role}`) })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('dialog.cancel')}
          </Button>
          <Button loading={mutation.isPending} onClick={restore}>
            {t('restore.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
