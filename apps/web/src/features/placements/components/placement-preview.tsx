import { Alert, Group, Paper, SegmentedControl, Slider, Stack, Text, Title } from '@mantine/core';
import type { Currency } from '@portal/contracts/money';
import { placementMessage } from '@portal/contracts/placement-offers';
import {
  PLACEMENT_PAGE_TYPES,
  type PlacementPageType,
  type Placements,
  type PlanTerms,
} from '@portal/contracts/placements';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/money-input/money-input';
import { useFormatters } from '../../../lib/format/use-formatters';
import { isLocale } from '../../../lib/i18n/language';
import type { PlacementFormValues } from '../placement-form-values';
import { MessageBox } from './message-box';

/** The slider's range: $0 to $5,000 in steps of $10; the amount field takes any other price. */
export const PREVIEW_MAX_MINOR = 500_000;
const PREVIEW_STEP_MINOR = 1_000;

interface PlacementPreviewProps {
  readonly control: Control<PlacementFormValues, unknown, Placements>;
  readonly currency: Currency;
  readonly timeZone: string;
  /** The plans of the merchant's active enrollments; undefined while they load. */
  readonly plans: readonly PlanTerms[] | undefined;
  readonly page: PlacementPageType;
  readonly onPage: (page: PlacementPageType) => void;
  readonly amount: number;
  readonly onAmount: (amount: number) => void;
}

/**
 * The message a shopper would see for a price, from the settings as they are being edited (saved or
 * not) and the merchant's real plans, computed as the server computes it for the merchant's site.
 */
export function PlacementPreview({
  control,
  currency,
  timeZone,
  plans,
  page,
  onPage,
  amount,
  onAmount,
}: PlacementPreviewProps) {
  const { t, i18n } = useTranslation('placements');
  const format = useFormatters(timeZone);
  const values = useWatch({ control, name: page });
  const threshold = Number.isNaN(values.threshold) ? 0 : values.threshold;
  const placement = { ...values, threshold: { currency, value: threshold } };
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const price = { currency, value: amount };
  const message = plans === undefined ? null : placementMessage(price, placement, plans, locale);
  const why = !values.enabled
    ? t('preview.off')
    : plans?.length === 0
      ? t('preview.noPlans')
      : amount < threshold
        ? t('preview.belowThreshold', { threshold: format.money({ currency, value: threshold }) })
        : t('preview.none');

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="placement-preview-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="placement-preview-title">
          {t('preview.title')}
        </Title>
        <Text size="sm">{t('preview.intro')}</Text>
        <SegmentedControl
          aria-label={t('preview.page')}
          value={page}
          onChange={(value) => {
            const chosen = PLACEMENT_PAGE_TYPES.find((candidate) => candidate === value);
            if (chosen !== undefined) onPage(chosen);
          }}
          data={PLACEMENT_PAGE_TYPES.map((type) => ({ value: type, label: t(`pages.${type}`) }))}
        />
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm" fw={500} id="placement-preview-slider">
              {t('preview.slider')}
            </Text>
            <Slider
              aria-labelledby="placement-preview-slider"
              thumbLabel={t('preview.slider')}
              min={0}
              max={PREVIEW_MAX_MINOR}
              step={PREVIEW_STEP_MINOR}
              value={Math.min(amount, PREVIEW_MAX_MINOR)}
              onChange={onAmount}
              label={(value) => format.money({ currency, value })}
            />
          </Stack>
          <MoneyInput
            label={t('preview.amount', { currency })}
            value={amount}
            onChange={(typed) => {
              if (typed.kind === 'amount' && typed.minor >= 0) onAmount(typed.minor);
            }}
            w={180}
          />
        </Group>
        <div aria-live="polite">
          {message === null ? (
            <Alert color="gray" variant="light">
              {why}
            </Alert>
          ) : (
            <Stack gap={4}>
              <Text size="sm">{t('preview.shows', { amount: format.money(price) })}</Text>
              <div>
                <MessageBox text={message.text} style={values.style} theme={values.theme} />
              </div>
            </Stack>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
