import { Badge, Box, Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilterBarProps {
  /** Names the search landmark, e.g. "Filter transactions". */
  readonly label: string;
  /** The search box (SearchFilter). */
  readonly search: ReactNode;
  /** The filters (MultiSelectFilter, SelectFilter, DateRangeFilter, MoneyRangeFilter). */
  readonly children: ReactNode;
  /** How many filters are set (the search not counted). */
  readonly activeCount: number;
  /** Whether anything is set at all, the search included: "Clear filters" is offered then. */
  readonly hasFilters: boolean;
  readonly onClear: () => void;
  /** Beside the search: the column chooser, the export. */
  readonly actions?: ReactNode;
}

/**
 * The search, the filters, their count and "Clear filters" above a list. On a phone the filters fold
 * behind a button, so that the list is not a screen away.
 */
export function FilterBar({
  label,
  search,
  children,
  activeCount,
  hasFilters,
  onClear,
  actions,
}: FilterBarProps) {
  const { t } = useTranslation('lists');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [unfolded, setUnfolded] = useState(false);
  const filtersId = useId();
  const count =
    activeCount > 0 ? (
      <Badge variant="light" size="lg" tt="none">
        {t('filters.active', { count: activeCount })}
      </Badge>
    ) : null;

  return (
    <Stack gap="sm" role="search" aria-label={label}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Box flex="1 1 280px" maw={520}>
          {search}
        </Box>
        <Group gap="xs" wrap="wrap">
          {narrow && (
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
              aria-expanded={unfolded}
              aria-controls={filtersId}
              onClick={() => {
                setUnfolded((current) => !current);
              }}
            >
              {t('filters.toggle')}
            </Button>
          )}
          {actions}
        </Group>
      </Group>
      <Group
        id={filtersId}
        gap="sm"
        align="flex-end"
        wrap="wrap"
        display={narrow && !unfolded ? 'none' : undefined}
      >
        {children}
      </Group>
      {hasFilters && (
        <Group gap="xs" wrap="nowrap">
          {count}
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden="true" />}
            onClick={onClear}
          >
            {t('filters.clear')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
