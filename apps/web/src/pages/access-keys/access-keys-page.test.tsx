import { screen, within } from '@testing-library/react';
import type { z } from 'zod';
import type { accessKeySchema, CreateAccessKeyBody } from '@portal/contracts/access-keys';
import {
  createAccessKeyEndpoint,
  listAccessKeysEndpoint,
  revokeAccessKeyEndpoint,
} from '@portal/contracts/access-keys-endpoints';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const SECRET = `11111111-2222-4333-8444-555555555555.sk_${'a'.repeat(43)}`;
type KeyAnswer = z.input<typeof accessKeySchema>;

function keyOf(id: string, name: string, scopes: CreateAccessKeyBody['scopes']): KeyAnswer {
  return {
    id,
    name,
    scopes,
    status: 'ACTIVE',
    expiresAt: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    createdByEmail: 'admin@merchant.demo',
    rotatedAt: null,
    previousSecretValidUntil: null,
    revokedAt: null,
    lastUsedAt: '2026-11-23T15:00:00.000Z',
    lastUsedAddress: '203.0.113.9',
  };
}

async function openPage(role: 'ADMIN' | 'INTERNAL_SUPPORT') {
  api.signInAs({ role, merchantId: NORTHWIND.id });
  const keys: KeyAnswer[] = [keyOf('key-1', 'Warehouse server', { carts: 'none', transactions: 'read' })];
  const created: CreateAccessKeyBody[] = [];
  api.server.use(
    http.get(listAccessKeysEndpoint.path, () => HttpResponse.json({ data: { items: keys } })),
    http.post(createAccessKeyEndpoint.path, async ({ request }) => {
      const body = (await request.json()) as CreateAccessKeyBody;
      created.push(body);
      const key = keyOf('11111111-2222-4333-8444-555555555555', body.name, body.scopes);
      keys.unshift({ ...key, lastUsedAt: null, lastUsedAddress: null });
      return HttpResponse.json({ data: { key, secret: SECRET } }, { status: 201 });
    }),
    http.post(revokeAccessKeyEndpoint.path, ({ params }) => {
      const key = keys.find((item) => item.id === params.keyId);
      if (key === undefined) return HttpResponse.json({}, { status: 404 });
      Object.assign(key, { status: 'REVOKED', revokedAt: '2026-11-24T12:00:00.000Z' });
      return HttpResponse.json({ data: key });
    }),
  );
  const view = await renderApp('/access-keys');
  await screen.findByRole('heading', { level: 1, name: 'Access keys' });
  return { ...view, created };
}

describe('the access keys page', () => {
  it('lists the keys with their scopes and last use, never a secret', async () => {
    await openPage('ADMIN');
    const table = await screen.findByRole('table', { name: 'Access keys' });
    const row = (await within(table).findByText('Warehouse server')).closest('tr');
    expect(row).toHaveTextContent('Carts: None · Transactions: Read');
    expect(row).toHaveTextContent('from 203.0.113.9');
    expect(row).not.toHaveTextContent('sk_');
  });

  it('creates a key from its name and scopes, and shows its secret once', async () => {
    const { user, created } = await openPage('ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Create a key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an access key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Checkout server');
    const carts = within(form).getByRole('radiogroup', { name: 'Carts' });
    await user.click(within(carts).getByRole('radio', { name: 'Write' }));
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));

    const dialog = await screen.findByRole('dialog', { name: 'Secret of "Checkout server"' });
    expect(within(dialog).getByTestId('access-key-secret')).toHaveTextContent(SECRET);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      name: 'Checkout server',
      scopes: { carts: 'write', transactions: 'read' },
    });
    // The default expiry, 90 days from now.
    const expiresIn = Date.parse(created[0]?.expiresAt ?? '') - Date.now();
    expect(Math.round(expiresIn / 86_400_000)).toBe(90);
    await user.click(within(dialog).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('asks for at least one scope before sending', async () => {
    const { user, created } = await openPage('ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Create a key' }));
    const form = await screen.findByRole('dialog', { name: 'Create an access key' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Nothing');
    const transactions = within(form).getByRole('radiogroup', { name: 'Transactions' });
    await user.click(within(transactions).getByRole('radio', { name: 'None' }));
    await user.click(within(form).getByRole('button', { name: 'Create the key' }));
    expect(await within(form).findByText('Give the key at least one scope.')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('revokes a key after asking', async () => {
    const { user } = await openPage('ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Revoke Warehouse server' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke "Warehouse server"?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the key' }));
    const table = screen.getByRole('table', { name: 'Access keys' });
    expect(await within(table).findByText('Revoked')).toBeInTheDocument();
  });

  it('offers provider support the list only', async () => {
    await openPage('INTERNAL_SUPPORT');
    await screen.findByText('Warehouse server');
    expect(screen.queryByRole('button', { name: 'Create a key' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Warehouse server' })).not.toBeInTheDocument();
  });
});
