import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListEmptyProps {
  /** Whether filters hide rows: then the list offers to clear them. */
  readonly filtered: boolean;
  readonly onClearFilters: () => void;
  /** Why there is nothing to show. */
  readonly children: ReactNode;
}

/** What every list shows in place of rows. */
export function ListEmpty({ filtered, onClearFilters, children }: ListEmptyProps) {
  const { t } = useTranslation('lists');
  return (
    <Stack align="center" gap="xs">
      <Text fw={600}>{children}</Text>
      {filtered && (
        <Button variant="light" onClick={onClearFilters}>
          {t('filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
