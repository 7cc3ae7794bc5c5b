import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MERCHANT_ROLES } from '@portal/contracts/roles';
import { updateUserRoleBodySchema } from '@portal/contracts/users';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alerts/alert-store';
import { track } from '../../../lib/analytics/analytics';
import { SelectField } from '../../../lib/forms/choice-fields';
import { FormGuard } from '../../../lib/forms/form-guard';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useUpdateUserRole, type UserAnswer } from '../api/users-api';
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
  const { control, handleSubmit } = useForm({
    resolver: formResolver(updateUserRoleBodySchema),
    defaultValues: { role: user.role },
  });
  const role = useWatch({ control, name: 'role' });
  const name = `${user.firstName} ${user.lastName}`;

  const submit = handleSubmit(async (value) => {
    if (value.role === user.role) {
      onClose();
      return;
    }
    try {
      const updated = await mutation.mutateAsync({ id: user.id, role: value.role });
      track('user_role_updated', { from: user.role, to: updated.role });
      showAlert({ type: 'Success', message: { key: 'users:role.done', values: { name } } });
      onClose();
    } catch {
      // A refusal of the team's rules shows in the dialog; any other failure got the error alert.
    }
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('role.title', { name })}
      size="md"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <ConflictAlert error={mutation.error} />
          <SelectField
            control={control}
            name="role"
            label={t('add.role')}
            required
            data={MERCHANT_ROLES.map((value) => ({ value, label: t(`role.${value}`) }))}
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
        <FormGuard control={control} />
      </form>
    </Modal>
  );
}
