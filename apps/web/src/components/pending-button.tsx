import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { useRef, useState } from 'react';

export interface PendingButtonProps
  extends ButtonProps, Omit<ElementProps<'button', keyof ButtonProps>, 'onClick' | 'type'> {
  /**
   * The request the click starts (a mutation's `mutateAsync`). Its failure is reported where it is
   * made: the mutation cache alerts every failed mutation (`app/query-client.ts`).
   */
  readonly onClick: () => Promise<unknown>;
}

/**
 * A button that sends or changes something: from the click until its request settles it is disabled
 * and shows a loader, and a second click in between does nothing. `loading={mutation.isPending}` alone
 * leaves a gap: React Query reports the pending state after a timer, so a double click sent twice.
 */
export function PendingButton({ onClick, loading, ...props }: PendingButtonProps) {
  // The ref closes the gap at once; the state shows it.
  const running = useRef(false);
  const [pending, setPending] = useState(false);

  const click = async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await onClick();
    } catch {
      // Reported where the request was made (see onClick); the button only waits for it to settle.
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  return <Button {...props} type="button" loading={pending || loading} onClick={() => void click()} />;
}
