import { Box, Group, Image, Paper, Text, type ButtonProps } from '@mantine/core';
import type { ButtonStyle, ShopperDesign } from '@portal/contracts/checkout-design';
import type { CSSProperties, ReactNode } from 'react';

/** What the shopper's checkout takes from the merchant's design (issue 14). */
export type CheckoutLook = Omit<ShopperDesign, 'hasLogo'>;

const RADIUS: Readonly<Record<ButtonStyle, ButtonProps['radius']>> = {
  ROUNDED: 'md',
  PILL: 'xl',
  SQUARE: 0,
};

/** The checkout's main button in the design's colors and shape. */
export function lookButtonProps(look: CheckoutLook): Pick<ButtonProps, 'radius' | 'styles'> {
  return {
    radius: RADIUS[look.buttonStyle],
    styles: { root: { backgroundColor: look.buttonColor, color: look.buttonTextColor } },
  };
}

interface CheckoutLookFrameProps {
  readonly look: CheckoutLook;
  /** The logo's address (the server's link, or a data: URL in the portal's preview); none without a logo. */
  readonly logoSrc?: string | undefined;
  /** The preview's phone width, else as wide as the page allows. */
  readonly maxWidth?: number;
  readonly children: ReactNode;
}

/**
 * The checkout as the merchant designed it: the page's colors, the header with the logo and shop name,
 * and, for the modal display, a card over the dimmed shop. The shopper's page and the portal's preview
 * both render it, so that the preview is what shoppers get.
 */
export function CheckoutLookFrame({ look, logoSrc, maxWidth, children }: CheckoutLookFrameProps) {
  const page: CSSProperties = { backgroundColor: look.backgroundColor, color: look.textColor };
  const content = (
    <Box p="lg" style={page}>
      <Group gap="sm" mb="md" wrap="nowrap">
        {logoSrc !== undefined && (
          // The logo is an <img>: whatever an SVG holds, an image runs none of it.
          <Image src={logoSrc} alt="" h={40} w="auto" maw={160} fit="contain" />
        )}
        <Text fw={700} size="lg" style={{ color: look.primaryColor }}>
          {look.shopName}
        </Text>
      </Group>
      {children}
    </Box>
  );
  const width = maxWidth === undefined ? undefined : `${String(maxWidth)}px`;
  if (look.displayMode === 'MODAL') {
    return (
      <Box p="xl" style={{ backgroundColor: 'rgba(20, 20, 20, 0.55)', borderRadius: 8 }} maw={width}>
        <Paper shadow="xl" radius="md" maw={480} mx="auto" style={{ overflow: 'hidden' }}>
          {content}
        </Paper>
      </Box>
    );
  }
  return (
    <Paper withBorder radius="md" maw={width} style={{ overflow: 'hidden' }}>
      {content}
    </Paper>
  );
}
