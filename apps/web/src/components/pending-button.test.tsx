import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PendingButton } from './pending-button';

function deferred() {
  let settle: (fail?: boolean) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (fail) => {
      if (fail === true) reject(new Error('refused'));
      else resolve();
    };
  });
  return { promise, settle };
}

function renderButton(onClick: () => Promise<unknown>) {
  render(
    <MantineProvider env="test">
      <PendingButton onClick={onClick}>Send link</PendingButton>
    </MantineProvider>,
  );
  return screen.getByRole('button', { name: 'Send link' });
}

describe('PendingButton', () => {
  it('starts one request for a double click, and is disabled until it settles', async () => {
    const request = deferred();
    const onClick = vi.fn(() => request.promise);
    const button = renderButton(onClick);

    // Both clicks land before React renders again, as a quick double click does.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    await waitFor(() => {
      expect(button).toBeDisabled();
    });

    request.settle();
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('can be clicked again after its request failed', async () => {
    const request = deferred();
    const onClick = vi.fn(() => request.promise);
    const button = renderButton(onClick);
    fireEvent.click(button);
    request.settle(true);
    await waitFor(() => {
      expect(button).toBeEnabled();
    });
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
