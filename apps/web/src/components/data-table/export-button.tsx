import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ExportButtonProps {
  /** Downloads the file; the button waits for it, and reports nothing itself (the caller alerts). */
  readonly onExport: () => Promise<void>;
  readonly label?: string;
}

/** "Export CSV": one download at a time, the button busy meanwhile. */
export function ExportButton({ onExport, label }: ExportButtonProps) {
  const { t } = useTranslation('lists');
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={pending}
      onClick={() => {
        setPending(true);
        void onExport().finally(() => {
          setPending(false);
        });
      }}
    >
      {label ?? t('export.button')}
    </Button>
  );
}
