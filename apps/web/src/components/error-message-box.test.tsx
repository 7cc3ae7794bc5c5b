import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAlertTexts } from '../lib/alerts/test-utils';
import { ErrorMessageBox } from './error-message-box';

describe('ErrorMessageBox', () => {
  it("shows 'Oops...' and calls onRetry when 'Try Again' is clicked", async () => {
    const onRetry = vi.fn();
    await renderWithAlertTexts(<ErrorMessageBox onRetry={onRetry} />);

    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent('Oops...');
    expect(box).toHaveTextContent('Something went wrong.');
    expect(box).not.toHaveTextContent('Error was');
    expect(onRetry).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('names the error when it has a text', async () => {
    await renderWithAlertTexts(<ErrorMessageBox onRetry={vi.fn()} error={new Error('The call timed out')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error was: The call timed out');
  });

  it('speaks Canadian French', async () => {
    await renderWithAlertTexts(<ErrorMessageBox onRetry={vi.fn()} />, 'fr-CA');
    expect(screen.getByRole('alert')).toHaveTextContent('Oups...');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
