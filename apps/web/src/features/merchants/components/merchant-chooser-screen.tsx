import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/brand/document-title';
import { useChooseMerchant } from '../use-choose-merchant';
import { MerchantChooser } from './merchant-chooser';

/** Provider staff before their first choice: every data page needs a merchant, so this comes first. */
export function MerchantChooserScreen() {
  const { t } = useTranslation('session');
  const { choose, pendingId } = useChooseMerchant();
  const title = t('merchants.chooseTitle');
  useDocumentTitle(title);
  return (
    <Stack gap="lg" maw={560}>
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text>{t('merchants.chooseIntro')}</Text>
      </Stack>
      <MerchantChooser
        currentMerchantId={null}
        pendingId={pendingId}
        onChoose={(merchant) => void choose(merchant)}
      />
    </Stack>
  );
}
