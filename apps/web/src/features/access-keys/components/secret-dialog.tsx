import { Button, Code, CopyButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SecretDialogProps {
  readonly keyName: string;
  /** The secret as the merchant's server sends it; shown here once and never again. */
  readonly secret: string;
  readonly onClose: () => void;
}

/** A text file of the secret, so that it can be moved to a server without a clipboard. */
function download(name: string, secret: string): void {
  const url = URL.createObjectURL(new Blob([`${secret}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name.replace(/[^\w-]+/g, '-').toLowerCase() || 'access-key'}.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/** The one time a key's secret is shown: at creation and at rotation, with copy and download. */
export function SecretDialog({ keyName, secret, onClose }: SecretDialogProps) {
  const { t } = useTranslation('accessKeys');
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('secret.title', { name: keyName })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        <Paper withBorder p="sm" role="note">
          <Text fw={700}>{t('secret.onceTitle')}</Text>
          <Text size="sm">{t('secret.once')}</Text>
        </Paper>
        <Text size="sm" id="access-key-secret-label">
          {t('secret.label')}
        </Text>
        {/* Focusable, so that a secret wider than the dialog can be scrolled from the keyboard. */}
        <Code block tabIndex={0} aria-labelledby="access-key-secret-label" data-testid="access-key-secret">
          {secret}
        </Code>
        <Text size="sm">{t('secret.usage')}</Text>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'default'} onClick={copy}>
                {copied ? t('secret.copied') : t('secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            onClick={() => {
              download(keyName, secret);
            }}
          >
            {t('secret.download')}
          </Button>
          <Button onClick={onClose} data-autofocus>
            {t('secret.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
