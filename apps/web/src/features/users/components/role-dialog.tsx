import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { MERCHANT_ROLES, type MerchantRole } from '@portal/contracts/roles';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert, showErrorAlert } from '../../../lib/alerts/alert-store';
import { track } from '../../../lib/analytics/analytics';
import { conflictReasonOf, useUpdateUserRole, type UserAnswer } from '../api/users-api';
import { ConflictAlert } from './conflict-alert';

interface RoleDialogProps {
  readonly merchantId: string;
  readonly user: UserAnswer;
  readonly onClose: () => void;
}

/** Changes a user's role; it applies from the user's next sign-in. */
export function RoleDialog({ merchantId, user, onClose }: RoleDialogProps) {
  const { t } = useTranslation('users');
  const mutation = useUpdateUserRole(merchantId);
  const [role, setRole] = useState<MerchantRole>(user.role);
  const name = `${user.firstName} ${user.lastName}`;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (role === user.role) {
      onClose();
      return;
    }
    mutation.mutate(
      { id: user.id, role },
      {
        onSuccess: (updated) => {
          track('user_role_updated', { from: user.role, to: updated.role });
          showAlert({ type: 'Success', message: { key: 'users:role.done', values: { name } } });
          onClose();
        },
        onError: (error) => {
          if (conflictReasonOf(error) === null) showErrorAlert(error);
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('role.title', { name })}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ConflictAlert error={mutation.error} />
          <Select
            label={t('add.role')}
            required
            allowDeselect={false}
            data={MERCHANT_ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
            value={role}
            onChange={(value) => {
              if (value !== null) setRole(value);
            }}
            data-autofocus
          />
          <Text size="sm" c="dark.6">
            {t(`roleHelp.${role}`)}
          </Text>
          <Text size="sm" c="dark.6">
            {t('role.nextSignIn')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('role.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
