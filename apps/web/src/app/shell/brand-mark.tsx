import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../lib/brand/brand-logo';
import { usePortalName } from '../../lib/brand/document-title';
import { usePublicConfig } from '../../lib/public-config';

/** The brand's logo and the portal's name, as the header shows them; small screens show the brand only. */
export function BrandMark() {
  const { t } = useTranslation();
  const { brand } = usePublicConfig();
  const portalName = usePortalName();
  return (
    <Group gap="xs" wrap="nowrap">
      <BrandLogo brand={brand} />
      <Text component="span" fw={700} size="lg" visibleFrom="sm">
        {portalName}
      </Text>
      <Text component="span" fw={700} size="lg" hiddenFrom="sm">
        {t(`brand.${brand}`)}
      </Text>
    </Group>
  );
}
