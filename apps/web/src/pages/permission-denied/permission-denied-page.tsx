import { Button, Stack, Text } from '@mantine/core';
import { HOME_PATH } from '@portal/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';

/** A failed route guard (specification §2), with the specification's text and button. */
export function PermissionDeniedPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle page="permissionDenied" />
      <Text>{t('permissionDenied.message')}</Text>
      <Button component={Link} to={HOME_PATH}>
        {t('permissionDenied.action')}
      </Button>
    </Stack>
  );
}
