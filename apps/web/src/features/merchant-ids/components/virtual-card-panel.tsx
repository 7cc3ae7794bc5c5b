import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { IssuedVirtualCard, VirtualCard } from '@portal/contracts/merchant-ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingButton } from '../../../components/pending-button';
import { ShownOnceDialog } from '../../../components/shown-once-dialog';
import type { Formatters } from '../../../lib/format/use-formatters';
import { useIssueVirtualCard } from '../api/issue-virtual-card';

const expiryText = (card: VirtualCard) =>
  `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`;

/** The one time the card's full number is shown, with its expiry. */
function IssuedCardDialog({ issued, onClose }: { issued: IssuedVirtualCard; onClose: () => void }) {
  const { t } = useTranslation('merchantIds');
  return (
    <ShownOnceDialog
      title={t('card.issuedTitle')}
      once={{ title: t('card.onceTitle'), text: t('card.once') }}
      label={t('card.number')}
      value={issued.number.replace(/(\d{4})(?=\d)/g, '$1 ')}
      copyValue={issued.number}
      labels={{
        copy: t('card.copy'),
        copied: t('card.copied'),
        done: t('card.done'),
        close: t('dialog.close'),
      }}
      testId="virtual-card-number"
      onClose={onClose}
    >
      <Text size="sm">{t('card.expiryLine', { expiry: expiryText(issued.card) })}</Text>
    </ShownOnceDialog>
  );
}

interface VirtualCardPanelProps {
  readonly merchantId: string;
  readonly card: VirtualCard | null;
  readonly format: Formatters;
  /** `c:vc.issuance`: the user may create the card. */
  readonly canIssue: boolean;
  /** The card needs a validated id first. */
  readonly hasValidatedId: boolean;
}

/** The merchant's virtual card: masked once made, or the button that makes it. */
export function VirtualCardPanel({
  merchantId,
  card,
  format,
  canIssue,
  hasValidatedId,
}: VirtualCardPanelProps) {
  const { t } = useTranslation('merchantIds');
  const { mutateAsync: issue } = useIssueVirtualCard(merchantId);
  const [issued, setIssued] = useState<IssuedVirtualCard>();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('card.title')}
        </Title>
        {card === null ? (
          <>
            <Text size="sm">{hasValidatedId ? t('card.none') : t('card.needsValidated')}</Text>
            {canIssue && (
              <Group>
                <PendingButton
                  disabled={!hasValidatedId}
                  onClick={async () => {
                    setIssued(await issue());
                  }}
                >
                  {t('card.create')}
                </PendingButton>
              </Group>
            )}
          </>
        ) : (
          <Stack gap={4}>
            <Text fw={600} data-testid="virtual-card-masked">
              {card.maskedNumber}
            </Text>
            <Text size="sm">{t('card.expiryLine', { expiry: expiryText(card) })}</Text>
            <Text size="sm" c="dark.4">
              {t('card.createdLine', { at: format.dateTime(card.createdAt), email: card.createdByEmail })}
            </Text>
          </Stack>
        )}
      </Stack>
      {issued && (
        <IssuedCardDialog
          issued={issued}
          onClose={() => {
            setIssued(undefined);
          }}
        />
      )}
    </Paper>
  );
}
