import { Badge, type MantineColor } from '@mantine/core';
import type { CartStatus } from '@portal/contracts/carts';
import { useTranslation } from 'react-i18next';

const COLORS: Readonly<Record<CartStatus, MantineColor>> = {
  ACTIVE: 'blue',
  SENT: 'teal',
  COMPLETED: 'green',
  EXPIRED: 'dark',
};

/** The cart's status as text; the dot's colour adds nothing the text lacks. */
export function CartStatusBadge({ status }: { readonly status: CartStatus }) {
  const { t } = useTranslation('carts');
  return (
    <Badge variant="dot" color={COLORS[status]} tt="none" fw={600} c="dark.7">
      {t(`status.${status}`)}
    </Badge>
  );
}
