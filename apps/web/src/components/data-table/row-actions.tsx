import { Button, Group } from '@mantine/core';
import { PendingButton } from '../pending-button';
import type { DataColumn } from './data-table';

/** A button in a row's actions cell. */
export type RowAction<T> = {
  /** The button's words ("Revoke"). */
  readonly label: (row: T) => string;
  /** Its accessible name, which names the row too ("Revoke Alpha"): a screen reader lists the buttons. */
  readonly name: (row: T) => string;
  /** Whether the row offers it; every row does when left out. */
  readonly shown?: (row: T) => boolean;
  /** Ends or removes something: drawn in red. */
  readonly danger?: boolean;
} & (
  | {
      /** Opens a dialog that asks or says more. */
      readonly open: (row: T) => void;
    }
  | {
      /** Sends a request at once: the button waits for it, and a second click does nothing meanwhile. */
      readonly send: (row: T) => Promise<unknown>;
    }
);

function ActionButton<T>({ action, row }: { readonly action: RowAction<T>; readonly row: T }) {
  const props = {
    size: 'xs',
    variant: action.danger ? 'outline' : 'default',
    color: action.danger ? 'red.8' : undefined,
    'aria-label': action.name(row),
    children: action.label(row),
  } as const;
  if ('send' in action) return <PendingButton {...props} onClick={() => action.send(row)} />;
  return (
    <Button
      {...props}
      onClick={() => {
        action.open(row);
      }}
    />
  );
}

/**
 * `columns` and, when the user may do anything (`actions` given), a last column of each row's buttons;
 * a row that offers none leaves its cell empty.
 */
export function withRowActions<T>(
  columns: readonly DataColumn<T>[],
  header: string,
  actions: readonly RowAction<T>[] | undefined,
): readonly DataColumn<T>[] {
  if (actions === undefined) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header,
      cell: (row: T) => {
        const offered = actions.filter((action) => action.shown?.(row) ?? true);
        if (offered.length === 0) return null;
        return (
          <Group gap="xs" wrap="nowrap">
            {offered.map((action, index) => (
              <ActionButton key={index} action={action} row={row} />
            ))}
          </Group>
        );
      },
    },
  ];
}
