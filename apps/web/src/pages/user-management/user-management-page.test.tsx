import type { userSchema } from '@portal/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

/** A user as the API sends it: dates as ISO text. */
type User = z.input<typeof userSchema>;

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const TEAM: User[] = [
  {
    id: 'user-admin',
    firstName: 'Avery',
    lastName: 'Admin',
    email: 'admin@example.com',
    role: 'ADMIN',
    status: 'ACTIVE',
    invitedAt: '2026-01-02T15:00:00.000Z',
    lastSignInAt: '2026-11-01T15:00:00.000Z',
  },
  {
    id: 'user-other-admin',
    firstName: 'Olive',
    lastName: 'Owner',
    email: 'olive@example.com',
    role: 'ADMIN',
    status: 'ACTIVE',
    invitedAt: '2026-01-02T15:00:00.000Z',
    lastSignInAt: null,
  },
  {
    id: 'user-invited',
    firstName: 'Nova',
    lastName: 'Newcomer',
    email: 'nova@example.com',
    role: 'READ_ONLY',
    status: 'INVITED',
    invitedAt: '2026-11-01T15:00:00.000Z',
    lastSignInAt: null,
  },
];

const conflict = (message: string, details: { path: string; message: string }[]) =>
  HttpResponse.json({ error: { code: 'CONFLICT', message, details } }, { status: 409 });

function installUsersApi(team: User[] = TEAM) {
  const queries: URLSearchParams[] = [];
  const posted: unknown[] = [];
  api.server.use(
    http.get('/api/users', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        data: { items: team, pagination: { offset: 0, limit: 25, total: team.length } },
      });
    }),
    http.post('/api/users', async ({ request }) => {
      posted.push(await request.json());
      return conflict('This e-mail is already in use', [
        { path: 'body.email', message: 'This e-mail is already in use' },
      ]);
    }),
    http.delete('/api/users/:id', () =>
      conflict('The merchant must keep at least one active admin', [
        { path: 'reason', message: 'last_admin' },
      ]),
    ),
  );
  return { queries, posted };
}

function table() {
  return screen.getByRole('table', { name: 'Users' });
}

describe('the user-management page', () => {
  it("lists the team; an e-mail in use is a field error, and the server's 409 reason is shown", async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id, email: 'admin@example.com' });
    const { posted } = installUsersApi();
    const { user } = await renderApp('/user-management');
    await screen.findByRole('heading', { level: 1, name: 'User management' });
    await waitFor(() => {
      expect(within(table()).getAllByRole('row')).toHaveLength(TEAM.length + 1);
    });
    expect(within(table()).getByText('Read only')).toBeInTheDocument();
    expect(within(table()).getByText('Invited')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getAllByText('Required.')).toHaveLength(2);
    expect(posted).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('First name', { exact: false }), 'Dup');
    await user.type(within(dialog).getByLabelText('Last name', { exact: false }), 'Licate');
    await user.type(within(dialog).getByLabelText('E-mail', { exact: false }), 'olive@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This e-mail is already in use.')).toBeInTheDocument();
    expect(posted).toEqual([
      { firstName: 'Dup', lastName: 'Licate', email: 'olive@example.com', role: 'READ_ONLY', locale: 'en' },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Actions for Olive Owner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove user' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Olive Owner?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove user' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain(
      'The merchant must keep at least one active admin.',
    );
  });

  it('restores a removed user from its row, and an invitation to its e-mail says it can be restored', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id, email: 'admin@example.com' });
    const removed: User = {
      id: 'user-removed',
      firstName: 'Rory',
      lastName: 'Removed',
      email: 'rory@example.com',
      role: 'USER',
      status: 'DISABLED',
      invitedAt: '2026-01-02T15:00:00.000Z',
      lastSignInAt: null,
    };
    installUsersApi([...TEAM, removed]);
    const restored: unknown[] = [];
    api.server.use(
      http.post('/api/users', () =>
        conflict('This e-mail belongs to a removed user of this merchant, who can be restored', [
          {
            path: 'body.email',
            message: 'This e-mail belongs to a removed user of this merchant, who can be restored',
          },
          { path: 'reason', message: 'restorable' },
        ]),
      ),
      http.post('/api/users/:id/restore', async ({ request, params }) => {
        restored.push({ id: params.id, body: await request.json() });
        return HttpResponse.json({ data: { ...removed, status: 'INVITED' } });
      }),
    );
    const { user } = await renderApp('/user-management');

    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a user' });
    await user.type(within(dialog).getByLabelText('First name', { exact: false }), 'Rory');
    await user.type(within(dialog).getByLabelText('Last name', { exact: false }), 'Removed');
    await user.type(within(dialog).getByLabelText('E-mail', { exact: false }), 'rory@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText(
        'This e-mail belongs to a removed user of your team. Restore that user from the list (status “Removed”) instead.',
      ),
    ).toBeInTheDocument();
    // The reason is the e-mail's, not a second message above the buttons.
    expect(within(dialog).queryByText('restorable')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Actions for Rory Removed' }));
    expect(screen.queryByRole('menuitem', { name: 'Remove user' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Restore user' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore Rory Removed?' });
    expect(confirm).toHaveTextContent('with the role User');
    await user.click(within(confirm).getByRole('button', { name: 'Restore and send invitation' }));
    expect(
      await screen.findByText('The user is restored. An invitation is on its way to rory@example.com.'),
    ).toBeInTheDocument();
    expect(restored).toEqual([{ id: 'user-removed', body: { locale: 'en' } }]);
  });

  it('offers no actions on the signed-in user, nor to those who may only read', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    installUsersApi();
    const admin = await renderApp('/user-management');
    await screen.findByRole('button', { name: 'Actions for Olive Owner' });
    // The test token's user id is `user-admin`: its own row has no menu.
    expect(screen.queryByRole('button', { name: 'Actions for Avery Admin' })).not.toBeInTheDocument();
    admin.unmount();

    api.signInAs({ role: 'INTERNAL_SUPPORT', merchantId: NORTHWIND.id });
    await renderApp('/user-management');
    await waitFor(() => {
      expect(within(table()).getAllByRole('row')).toHaveLength(TEAM.length + 1);
    });
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('shows a user named like a date as typed', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const named: User = {
      id: '2026-11-01',
      firstName: '2026-11-01',
      lastName: '2026-11-01T00:00:00Z',
      email: '2026-11-02T00:00:00Z',
      role: 'READ_ONLY',
      status: 'ACTIVE',
      invitedAt: '2026-01-02T15:00:00.000Z',
      lastSignInAt: null,
    };
    installUsersApi([named]);
    await renderApp('/user-management');
    await waitFor(() => {
      expect(within(table()).getAllByRole('row')).toHaveLength(2);
    });
    expect(within(table()).getByText('2026-11-01 2026-11-01T00:00:00Z')).toBeInTheDocument();
    expect(within(table()).getByText('2026-11-02T00:00:00Z')).toBeInTheDocument();
  });

  it('sends the search, the filters and the sort to the API', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const { queries } = installUsersApi();
    const { user } = await renderApp('/user-management?role=ADMIN&status=INVITED');
    await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table()).getByRole('button', { name: 'Last sign-in' }));
    await waitFor(() => {
      const last = queries.at(-1);
      expect(last?.get('sort')).toBe('lastSignInAt');
    });
    const last = queries.at(-1);
    expect(last?.getAll('role').join(',')).toBe('ADMIN');
    expect(last?.getAll('status').join(',')).toBe('INVITED');
  });
});
