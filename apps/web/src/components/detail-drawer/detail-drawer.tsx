import { Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { ApiError } from '../../lib/http/api-error';
import { ErrorMessageBox } from '../error-message-box';

/** The part of a TanStack detail query (a detail API hook's result) the drawer reads. */
export interface DetailQuery<D> {
  readonly data: D | undefined;
  readonly error: unknown;
  readonly isError: boolean;
  readonly refetch: () => Promise<unknown>;
}

/**
 * The record a drawer shows: the URL's, and the last one while the drawer slides away after the URL
 * lost it. Call the detail API hook with it.
 */
export function useDrawerSubject(id: string | undefined): string | undefined {
  const [shown, setShown] = useState(id);
  if (id !== undefined && id !== shown) setShown(id);
  return shown;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A record opened from a link has no row to go back to: focus goes to the page rather than nowhere. */
function focusPageIfLost(): void {
  if (document.activeElement === null || document.activeElement === document.body) {
    document.querySelector<HTMLElement>('main')?.focus();
  }
}

export interface DetailDrawerProps<D> {
  /** Whether a record is open (its id is in the URL). */
  readonly opened: boolean;
  /** Escape, the close button and a click beside the drawer call it; the page takes the id out of the URL. */
  readonly onClose: () => void;
  /** Names the drawer as a dialog. */
  readonly title: string;
  /** The close button's accessible name, e.g. "Close the transaction". */
  readonly closeLabel: string;
  readonly query: DetailQuery<D>;
  /** Read out while the record loads; "Loading…" unless given. */
  readonly loadingLabel?: string;
  /** The record, once it has arrived. */
  readonly children: (data: D) => ReactNode;
}

/**
 * The portal's detail over a list: a dialog named by its title that closes with Escape or its button,
 * focus held inside (the list then returns it to the row that opened it, else it goes to the page),
 * loading, error and not-found states, and the whole width of a phone. Any error but "not found" also
 * raises the error alert (§8).
 */
export function DetailDrawer<D>({
  opened,
  onClose,
  title,
  closeLabel,
  query,
  loadingLabel,
  children,
}: DetailDrawerProps<D>) {
  const { t } = useTranslation('lists');
  const { error } = query;
  useEffect(() => {
    if (error !== null && !isNotFound(error)) showErrorAlert(error);
  }, [error]);

  let body: ReactNode;
  if (query.isError && isNotFound(query.error)) {
    body = <Text>{t('detail.notFound')}</Text>;
  } else if (query.isError) {
    body = <ErrorMessageBox error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data !== undefined) {
    body = children(query.data);
  } else {
    body = (
      <Stack gap="sm" aria-busy="true">
        <Text size="sm">{loadingLabel ?? t('detail.loading')}</Text>
        {[80, 60, 90, 70, 50].map((width) => (
          <Skeleton key={width} height={14} width={`${width}%`} />
        ))}
      </Stack>
    );
  }

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      // At most the screen's width (Mantine caps it), so a phone shows the drawer edge to edge.
      size="xl"
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      // The list puts focus back on the row that opened the drawer (`activeRowId`). The drawer's own
      // return went to what had focus as it opened (the shell's page, a link of the row) and raced the
      // list's: on a busy machine it came last and focus ended away from the row.
      returnFocus={false}
      onExitTransitionEnd={focusPageIfLost}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {body}
    </Drawer>
  );
}
