import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { conflictReasonOf } from '../api/users-api';

/** Why the server refused a change of the team (409), in the user's language; nothing for other errors. */
export function ConflictAlert({ error }: { readonly error: unknown }) {
  const { t } = useTranslation('users');
  const reason = conflictReasonOf(error);
  if (reason === null) return null;
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t('conflict.title')}
    >
      {t(`conflict.${reason}`)}
    </Alert>
  );
}
