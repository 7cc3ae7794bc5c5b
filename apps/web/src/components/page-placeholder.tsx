import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle, type TitledPage } from './page-title';

/** What a page shows until the issue that builds it lands: its title and a short note. */
export function PagePlaceholder({ page }: { readonly page: TitledPage }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <PageTitle page={page} />
      <Text c="gray.7">{t('comingSoon')}</Text>
    </Stack>
  );
}
