import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../../../components/shown-once-dialog';

interface CodeDialogProps {
  readonly locationName: string;
  /** The six digits: shown here once and never again. */
  readonly code: string;
  readonly expiresAt: string;
  readonly onClose: () => void;
}

/** The one time a location's code is shown in full, with its expiry. */
export function CodeDialog({ locationName, code, expiresAt, onClose }: CodeDialogProps) {
  const { t } = useTranslation('locationCodes');
  return (
    <ShownOnceDialog
      title={t('shown.title', { name: locationName })}
      once={{ title: t('shown.onceTitle'), text: t('shown.once') }}
      label={t('shown.label')}
      value={code}
      copyValue={code}
      labels={{
        copy: t('shown.copy'),
        copied: t('shown.copied'),
        done: t('shown.done'),
        close: t('dialog.close'),
      }}
      testId="location-code"
      onClose={onClose}
    >
      <Text size="sm">{t('shown.expires', { at: expiresAt })}</Text>
    </ShownOnceDialog>
  );
}
