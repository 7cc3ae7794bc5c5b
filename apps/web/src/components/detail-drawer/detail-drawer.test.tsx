import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { ApiError } from '../../lib/http/api-error';
import { createI18n } from '../../lib/i18n/i18n';
import { DetailDrawer, type DetailQuery } from './detail-drawer';
import { DetailList } from './detail-list';

vi.mock('../../lib/alerts/alert-store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/alerts/alert-store')>()),
  showErrorAlert: vi.fn(),
}));

interface Pear {
  readonly name: string;
  readonly colour: string | null;
}

function queryOf(overrides: Partial<DetailQuery<Pear>>): DetailQuery<Pear> {
  return { data: undefined, error: null, isError: false, refetch: () => Promise.resolve(), ...overrides };
}

async function renderDrawer(query: DetailQuery<Pear>, onClose = vi.fn()) {
  const i18n = await createI18n({
    locales: ['en'],
    onMissingKey: (key, namespace) => {
      throw new Error(`Missing translation ${namespace}:${key}`);
    },
  });
  render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <DetailDrawer opened onClose={onClose} title="Pear 7" closeLabel="Close the pear" query={query}>
          {(pear) => (
            <DetailList
              items={[['Name', pear.name], pear.colour === null ? null : ['Colour', pear.colour]]}
            />
          )}
        </DetailDrawer>
      </I18nextProvider>
    </MantineProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

describe('the detail drawer', () => {
  it('is a dialog named by its title that shows the record, and closes by its button or Escape', async () => {
    const { onClose, user } = await renderDrawer(queryOf({ data: { name: 'Bartlett', colour: null } }));
    const drawer = await screen.findByRole('dialog', { name: 'Pear 7' });
    expect(drawer.querySelector('dt')?.textContent).toBe('Name');
    expect(drawer.querySelector('dd')?.textContent).toBe('Bartlett');
    // A field the record does not have is left out.
    expect(drawer.querySelectorAll('dt')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Close the pear' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(2);
    });
  });

  it('says it is loading until the record arrives', async () => {
    await renderDrawer(queryOf({}));
    const drawer = await screen.findByRole('dialog', { name: 'Pear 7' });
    expect(drawer).toHaveTextContent('Loading…');
  });

  it('says a record that does not exist was not found, without the error alert', async () => {
    const error = new ApiError({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No pear with this id',
      requestId: 'r1',
    });
    await renderDrawer(queryOf({ isError: true, error }));
    expect(await screen.findByText(/Nothing was found at this address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(vi.mocked(showErrorAlert)).not.toHaveBeenCalled();
  });

  it('shows the error box and raises the error alert when the record fails to load', async () => {
    const error = new ApiError({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The orchard is closed',
      requestId: 'r2',
    });
    const refetch = vi.fn(() => Promise.resolve());
    const { user } = await renderDrawer(queryOf({ isError: true, error, refetch }));
    expect(await screen.findByText('Error was: The orchard is closed')).toBeInTheDocument();
    expect(vi.mocked(showErrorAlert)).toHaveBeenCalledWith(error);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
