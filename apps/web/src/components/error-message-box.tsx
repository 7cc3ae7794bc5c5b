import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/http/refusal-text';

export interface ErrorMessageBoxProps {
  onRetry: () => void;
  /** What failed; its text is shown after 'Error was:' when it has one. */
  error?: unknown;
}

/** The 'Oops...' message box of the specification (§8), for a part of a page that failed to load. */
export function ErrorMessageBox({ onRetry, error }: ErrorMessageBoxProps) {
  const { t } = useTranslation('alerts');
  const message = useErrorText()(error);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t('errorMessageBox.title')}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('defaultError')}</Text>
        {message !== null && <Text size="sm">{t('errorWas', { message })}</Text>}
        <Button variant="filled" color="red" onClick={onRetry}>
          {t('errorMessageBox.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  );
}
