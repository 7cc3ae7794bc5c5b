import { Button, Stack, Text } from '@mantine/core';
import { HOME_PATH } from '@portal/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';

/** Any path the portal does not have, and the pages the brand hides. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <PageTitle page="notFound" />
      <Text>{t('notFound.message')}</Text>
      <Button component={Link} to={HOME_PATH}>
        {t('notFound.action')}
      </Button>
    </Stack>
  );
}
