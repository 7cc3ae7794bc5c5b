import { Alert, List } from '@mantine/core';
import { AA_NORMAL_TEXT_RATIO, contrastRatio } from '@portal/contracts/color-contrast';
import type { CheckoutDesignInput } from '@portal/contracts/checkout-design';
import { useTranslation } from 'react-i18next';

const HEX = /^#[0-9a-f]{6}$/i;

/** The pairs of the checkout that carry text: each foreground on its background. */
const PAIRS = [
  ['text', 'textColor', 'backgroundColor'],
  ['button', 'buttonTextColor', 'buttonColor'],
  ['shopName', 'primaryColor', 'backgroundColor'],
] as const;

/** The pairs below WCAG AA for normal text (4.5:1), with their ratios; none while a color is not valid. */
export function lowContrastPairs(design: CheckoutDesignInput) {
  return PAIRS.flatMap(([pair, foreground, background]) => {
    const front = design[foreground];
    const back = design[background];
    if (!HEX.test(front) || !HEX.test(back)) return [];
    const ratio = contrastRatio(front, back);
    return ratio < AA_NORMAL_TEXT_RATIO ? [{ pair, ratio }] : [];
  });
}

/** Warns, beside the preview, of text that would be hard to read for shoppers. */
export function ContrastWarnings({ design }: { readonly design: CheckoutDesignInput }) {
  const { t, i18n } = useTranslation('checkoutDesign');
  const low = lowContrastPairs(design);
  if (low.length === 0) return null;
  const ratio = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <Alert color="yellow" title={t('contrast.title')} role="status">
      <List size="sm">
        {low.map(({ pair, ratio: value }) => (
          <List.Item key={pair}>
            {t(`contrast.${pair}`, {
              ratio: ratio.format(value),
              needed: ratio.format(AA_NORMAL_TEXT_RATIO),
            })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
