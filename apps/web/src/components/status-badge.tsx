import { Badge, type MantineColor } from '@mantine/core';
import classes from './status-badge.module.css';

/** The colour of each status of a kind of record: a status mapping, one per feature. */
export type StatusColors<S extends string> = Readonly<Record<S, MantineColor>>;

export interface StatusBadgeProps<S extends string> {
  readonly status: S;
  readonly colors: StatusColors<S>;
  /** The status in words; the dot's colour adds nothing the text lacks. */
  readonly children: string;
}

/**
 * Every list's and drawer's status: a coloured dot before dark text (readable on white, WCAG AA), always
 * in full words.
 */
export function StatusBadge<S extends string>({ status, colors, children }: StatusBadgeProps<S>) {
  return (
    <Badge variant="dot" color={colors[status]} tt="none" fw={600} c="dark.7" classNames={classes}>
      {children}
    </Badge>
  );
}
