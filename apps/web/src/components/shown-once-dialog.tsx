import { Button, Code, CopyButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface ShownOnceDialogProps {
  readonly title: string;
  /** The warning: what is shown here cannot be shown again. */
  readonly once: { readonly title: string; readonly text: string };
  readonly label: string;
  /** As shown (grouped for reading); `copyValue` is what the clipboard gets. */
  readonly value: string;
  readonly copyValue: string;
  readonly labels: {
    readonly copy: string;
    readonly copied: string;
    readonly done: string;
    readonly close: string;
  };
  readonly testId: string;
  /** Lines under the value: its expiry, how to use it. */
  readonly children?: ReactNode;
  readonly onClose: () => void;
}

/** The one time a secret value (a code, a card number) is shown in full, with a copy button. */
export function ShownOnceDialog({
  title,
  once,
  label,
  value,
  copyValue,
  labels,
  testId,
  children,
  onClose,
}: ShownOnceDialogProps) {
  const labelId = useId();
  return (
    <Modal opened onClose={onClose} title={title} size="md" closeButtonProps={{ 'aria-label': labels.close }}>
      <Stack gap="md">
        <Paper withBorder p="sm" role="note">
          <Text fw={700}>{once.title}</Text>
          <Text size="sm">{once.text}</Text>
        </Paper>
        <Text size="sm" id={labelId}>
          {label}
        </Text>
        {/* Focusable, so that a value wider than the dialog can be scrolled from the keyboard. */}
        <Code block tabIndex={0} aria-labelledby={labelId} data-testid={testId} fz="lg">
          {value}
        </Code>
        {children}
        <Group justify="flex-end">
          <CopyButton value={copyValue}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'filled' : 'default'} onClick={copy}>
                {copied ? labels.copied : labels.copy}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-autofocus>
            {labels.done}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
