import { Box, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { CheckoutDesignInput } from '@portal/contracts/checkout-design';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckoutLookFrame, lookButtonProps } from '../../../components/checkout-look';
import { ContrastWarnings } from './contrast-warnings';

const PHONE_WIDTH = 375;
type Width = 'desktop' | 'phone';

interface CheckoutPreviewProps {
  readonly design: CheckoutDesignInput;
  /** The logo as a data: URL; none without a logo. */
  readonly logoSrc: string | undefined;
}

/** The shopper's checkout as the current values would show it, at desktop or phone width. */
export function CheckoutPreview({ design, logoSrc }: CheckoutPreviewProps) {
  const { t } = useTranslation('checkoutDesign');
  const [width, setWidth] = useState<Width>('desktop');
  return (
    <Stack gap="sm" component="section" aria-labelledby="checkout-preview-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="checkout-preview-title">
          {t('preview.title')}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t('preview.width')}
          value={width}
          onChange={(value) => {
            setWidth(value === 'phone' ? 'phone' : 'desktop');
          }}
          data={[
            { value: 'desktop', label: t('preview.desktop') },
            { value: 'phone', label: t('preview.phone') },
          ]}
        />
      </Group>
      <ContrastWarnings design={design} />
      {/* A picture of the shopper's page, not part of this one: hidden from assistive technology. */}
      <Box aria-hidden="true" data-testid="checkout-preview" data-width={width}>
        <CheckoutLookFrame
          look={design}
          logoSrc={logoSrc}
          {...(width === 'phone' ? { maxWidth: PHONE_WIDTH } : {})}
        >
          <Stack gap="xs">
            <Text fw={600}>{t('preview.cartName')}</Text>
            <Text size="sm">{t('preview.total')}</Text>
            <Group>
              <Button tabIndex={-1} {...lookButtonProps(design)}>
                {t('preview.pay')}
              </Button>
            </Group>
          </Stack>
        </CheckoutLookFrame>
      </Box>
    </Stack>
  );
}
