import { Button, Group, NativeSelect, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PageTarget } from '../../lib/url-state/list-state';

export interface PagerProps<Size extends number> {
  /** The position of the first row shown. */
  readonly offset: number;
  readonly itemCount: number;
  readonly total: number;
  /** `total` is a lower bound: shown as "10,000+". */
  readonly totalIsCapped?: boolean;
  readonly pageSize: Size;
  readonly pageSizes: readonly Size[];
  readonly onPageSizeChange: (size: Size) => void;
  readonly first: PageTarget | undefined;
  readonly previous: PageTarget | undefined;
  readonly next: PageTarget | undefined;
  readonly last: PageTarget | undefined;
  readonly onGoTo: (target: PageTarget) => void;
}

/** The four moves, in their order on screen: the icon before the words going back, after them going on. */
const MOVES = [
  { move: 'first', icon: IconChevronsLeft, side: 'left' },
  { move: 'previous', icon: IconChevronLeft, side: 'left' },
  { move: 'next', icon: IconChevronRight, side: 'right' },
  { move: 'last', icon: IconChevronsRight, side: 'right' },
] as const satisfies readonly { move: string; icon: TablerIcon; side: 'left' | 'right' }[];

/** Page size, where the page is ("1–25 of 1,234", or "of 10,000+"), and First/Previous/Next/Last. */
export function Pager<Size extends number>({
  offset,
  itemCount,
  total,
  totalIsCapped = false,
  pageSize,
  pageSizes,
  onPageSizeChange,
  first,
  previous,
  next,
  last,
  onGoTo,
}: PagerProps<Size>) {
  const { t, i18n } = useTranslation('lists');
  const targets = { first, previous, next, last };
  const number = new Intl.NumberFormat(i18n.language);
  const shownTotal = totalIsCapped ? t('atLeast', { value: number.format(total) }) : number.format(total);
  const range =
    itemCount === 0
      ? t('pager.none', { total: shownTotal })
      : t('pager.range', {
          from: number.format(offset + 1),
          to: number.format(offset + itemCount),
          total: shownTotal,
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
      <Group gap="sm" wrap="wrap">
        <Text size="sm" aria-live="polite" aria-atomic="true">
          {range}
        </Text>
        <nav aria-label={t('pager.label')}>
          <Group gap="xs" wrap="wrap">
            {MOVES.map(({ move, icon: MoveIcon, side }) => {
              const target = targets[move];
              const icon = <MoveIcon size={16} aria-hidden="true" />;
              return (
                <Button
                  key={move}
                  variant="default"
                  size="sm"
                  {...(side === 'left' ? { leftSection: icon } : { rightSection: icon })}
                  disabled={target === undefined}
                  onClick={() => {
                    if (target) onGoTo(target);
                  }}
                >
                  {t(`pager.${move}`)}
                </Button>
              );
            })}
          </Group>
        </nav>
      </Group>
    </Group>
  );
}
