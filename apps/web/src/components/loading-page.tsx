import { Center, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface LoadingPageProps {
  /** A screen of its own (such as the sign-in callback) names itself for screen readers. */
  readonly title?: string;
}

/** Shown while something the whole page depends on loads: the first route, the programs, a sign-in. */
export function LoadingPage({ title }: LoadingPageProps) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      {title && (
        <VisuallyHidden>
          <Title order={1}>{title}</Title>
        </VisuallyHidden>
      )}
      <Stack align="center" gap="xs" role="status">
        <Loader aria-hidden="true" />
        <Text>{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
