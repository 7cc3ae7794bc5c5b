import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The public configuration could not be read, so neither the brand nor its languages are known. */
export function BootError() {
  const { t } = useTranslation();
  const title = t('boot.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1}>{title}</Title>
        <Text>{t('boot.message')}</Text>
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('boot.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
