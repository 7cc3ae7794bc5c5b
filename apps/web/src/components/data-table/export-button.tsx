import { Button } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { track } from '../../lib/analytics/analytics';
import { isLocale } from '../../lib/i18n/language';

export interface ExportButtonProps {
  /** The list's name in analytics (`export_downloaded`). */
  readonly name: string;
  /** Downloads the file, with its headers in `locale`; a failure raises the error alert. */
  readonly onExport: (locale: Locale) => Promise<void>;
  /** The button's words when the list offers more than one format ("Download XLSX"). */
  readonly label?: string;
}

/** "Export CSV": one download at a time, the button busy meanwhile. */
export function ExportButton({ name, onExport, label }: ExportButtonProps) {
  const { t, i18n } = useTranslation('lists');
  const [pending, setPending] = useState(false);
  const download = async () => {
    try {
      await onExport(isLocale(i18n.language) ? i18n.language : 'en');
      track('export_downloaded', { list: name });
    } catch (error) {
      showErrorAlert(error);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={pending}
      onClick={() => {
        setPending(true);
        void download().finally(() => {
          setPending(false);
        });
      }}
    >
      {label ?? t('export.button')}
    </Button>
  );
}
