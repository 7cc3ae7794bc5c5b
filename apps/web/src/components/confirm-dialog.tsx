import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { PendingButton } from './pending-button';

interface ConfirmDialogProps {
  readonly title: string;
  readonly text: string;
  readonly labels: { readonly confirm: string; readonly cancel: string; readonly close: string };
  /** The action; the dialog's owner closes it once the action has succeeded. */
  readonly onConfirm: () => Promise<unknown>;
  readonly onClose: () => void;
}

/** Asks before an action that cannot be undone, Cancel first (and focused), the action in red. */
export function ConfirmDialog({ title, text, labels, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} size="md" closeButtonProps={{ 'aria-label': labels.close }}>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {labels.cancel}
          </Button>
          <PendingButton color="red.8" onClick={onConfirm}>
            {labels.confirm}
          </PendingButton>
        </Group>
      </Stack>
    </Modal>
  );
}
