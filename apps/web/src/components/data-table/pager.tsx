import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PageTarget } from '../../lib/url-state/list-state';

export interface PagerProps<Size extends number> {
  /** The position of the first row shown. */
  readonly offset: number;
  readonly itemCount: number;
  readonly total: number;
  readonly pageSize: Size;
  readonly pageSizes: readonly Size[];
  readonly onPageSizeChange: (size: Size) => void;
  readonly previous: PageTarget | undefined;
  readonly next: PageTarget | undefined;
  readonly onGoTo: (target: PageTarget) => void;
}

/** Page size, where the page is ("1–25 of 1,234"), and Previous/Next. */
export function Pager<Size extends number>({
  offset,
  itemCount,
  total,
  pageSize,
  pageSizes,
  onPageSizeChange,
  previous,
  next,
  onGoTo,
}: PagerProps<Size>) {
  const { t, i18n } = useTranslation('lists');
  const number = new Intl.NumberFormat(i18n.language);
  const range =
    itemCount === 0
      ? t('pager.none', { total: number.format(total) })
      : t('pager.range', {
          from: number.format(offset + 1),
          to: number.format(offset + itemCount),
          total: number.format(total),
        });

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <NativeSelect
        label={t('pager.pageSize')}
        size="sm"
        w={140}
        data={pageSizes.map((size) => ({ value: String(size), label: number.format(size) }))}
        value={String(pageSize)}
        onChange={(event) => {
          const size = pageSizes.find((candidate) => String(candidate) === event.currentTarget.value);
          if (size !== undefined) onPageSizeChange(size);
        }}
      />
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" aria-live="polite" aria-atomic="true">
          {range}
        </Text>
        <nav aria-label={t('pager.label')}>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              size="sm"
              leftSection={<IconChevronLeft size={16} aria-hidden="true" />}
              disabled={previous === undefined}
              onClick={() => {
                if (previous) onGoTo(previous);
              }}
            >
              {t('pager.previous')}
            </Button>
            <Button
              variant="default"
              size="sm"
              rightSection={<IconChevronRight size={16} aria-hidden="true" />}
              disabled={next === undefined}
              onClick={() => {
                if (next) onGoTo(next);
              }}
            >
              {t('pager.next')}
            </Button>
          </Group>
        </nav>
      </Group>
    </Group>
  );
}
