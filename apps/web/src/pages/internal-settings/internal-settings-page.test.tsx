import { screen, waitFor, within } from '@testing-library/react';
import type { MerchantFeatureFlag, MerchantFeatureFlagsUpdate } from '@portal/contracts/feature-flags';
import {
  evaluateFlagsEndpoint,
  merchantFeatureFlagsEndpoint,
  updateMerchantFeatureFlagsEndpoint,
} from '@portal/contracts/feature-flags-endpoints';
import type { MerchantValuesUpdate } from '@portal/contracts/merchant-values';
import {
  merchantValuesEndpoint,
  updateMerchantValuesEndpoint,
} from '@portal/contracts/merchant-values-endpoints';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { LAKESIDE, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const FLAGS: MerchantFeatureFlag[] = [
  {
    name: 'isLocationPageEnabled',
    tag: 'merchant-portal-frontend',
    tenantValue: 'true',
    override: 'false',
    value: 'false',
  },
  {
    name: 'isMerchantIdValidationPageEnabled',
    tag: 'merchant-portal-frontend',
    tenantValue: 'true',
    override: null,
    value: 'true',
  },
];

async function openPage(role: 'INTERNAL_ADMIN' | 'INTERNAL_SUPPORT') {
  api.signInAs({ role, merchantId: LAKESIDE.id });
  const flagChanges: MerchantFeatureFlagsUpdate[] = [];
  const valueChanges: { programId: string; body: MerchantValuesUpdate }[] = [];
  let values: Record<string, string> = { merchantCategoryCode: '5712', riskTier: 'LOW' };
  const portalFlagReads: string[] = [];
  api.server.use(
    http.post(evaluateFlagsEndpoint.path, () => {
      const locations = portalFlagReads.length === 0 ? 'false' : 'true';
      portalFlagReads.push(locations);
      return HttpResponse.json({
        isLocationPageEnabled: { result: locations },
        isMerchantIdValidationPageEnabled: { result: 'true' },
      });
    }),
    http.get(merchantFeatureFlagsEndpoint.path, () => HttpResponse.json({ data: { items: FLAGS } })),
    http.patch(updateMerchantFeatureFlagsEndpoint.path, async ({ request }) => {
      const body = (await request.json()) as MerchantFeatureFlagsUpdate;
      flagChanges.push(body);
      const items = FLAGS.map((flag) => {
        const override = body[flag.name];
        return override === undefined ? flag : { ...flag, override, value: override ?? flag.tenantValue };
      });
      return HttpResponse.json({ data: { items } });
    }),
    http.get(merchantValuesEndpoint.path, ({ params }) =>
      HttpResponse.json({
        data: { programID: String(params.programID), merchantID: LAKESIDE.id, values },
      }),
    ),
    http.patch(updateMerchantValuesEndpoint.path, async ({ request, params }) => {
      const body = (await request.json()) as MerchantValuesUpdate;
      valueChanges.push({ programId: String(params.programID), body });
      const next = new Map(Object.entries(values));
      for (const [key, value] of Object.entries(body)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      values = Object.fromEntries(next);
      return HttpResponse.json({
        data: { programID: String(params.programID), merchantID: LAKESIDE.id, values },
      });
    }),
  );
  const view = await renderApp('/internal-settings');
  await screen.findByRole('heading', { level: 1, name: 'Internal settings' });
  return { ...view, flagChanges, valueChanges, portalFlagReads };
}

describe('the internal settings page', () => {
  it("shows each flag's tenant default, override and value, and saves only the changed overrides", async () => {
    const { user, flagChanges, portalFlagReads } = await openPage('INTERNAL_ADMIN');
    const locations = await screen.findByRole('radiogroup', { name: 'isLocationPageEnabled' });
    expect(within(locations).getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(within(locations).getByText('Now: Off')).toBeInTheDocument();
    const validation = screen.getByRole('radiogroup', { name: 'isMerchantIdValidationPageEnabled' });
    expect(within(validation).getByRole('radio', { name: 'Tenant default (On)' })).toBeChecked();

    await user.click(within(locations).getByRole('radio', { name: 'On' }));
    await user.click(screen.getByRole('button', { name: 'Save feature flags' }));
    expect(await screen.findByText('The feature flags are saved.')).toBeInTheDocument();
    expect(flagChanges).toEqual([{ isLocationPageEnabled: 'true' }]);
    expect(within(locations).getByText('Now: On')).toBeInTheDocument();
    // The portal's own flags, which the guards read, are read again: no stale page stays open or shut.
    await waitFor(() => {
      expect(portalFlagReads).toEqual(['false', 'true']);
    });
  });

  it("edits a program's values: changes, removes, adds, and refuses a bad or repeated key", async () => {
    const { user, valueChanges } = await openPage('INTERNAL_ADMIN');
    const program = await screen.findByRole('combobox', { name: 'Program' });
    expect(program).toHaveValue('Online instalments (online)');
    const risk = await screen.findByRole('textbox', { name: 'Value of riskTier' });
    await user.clear(risk);
    await user.type(risk, 'HIGH');
    await user.click(screen.getByRole('button', { name: 'Remove merchantCategoryCode' }));
    await user.click(screen.getByRole('button', { name: 'Add a value' }));
    const keys = screen.getAllByRole('textbox', { name: 'Key' });
    const newKey = keys.at(-1);
    if (newKey === undefined) throw new Error('no new row');
    await user.type(newKey, 'bad key');
    await user.click(screen.getByRole('button', { name: 'Save merchant values' }));
    expect(await screen.findByText('1 to 64 letters, digits, dots or underscores.')).toBeInTheDocument();
    await user.clear(newKey);
    await user.type(newKey, 'riskTier');
    await user.click(screen.getByRole('button', { name: 'Save merchant values' }));
    expect(await screen.findByText('This key is already in the list.')).toBeInTheDocument();
    expect(valueChanges).toEqual([]);

    await user.clear(newKey);
    await user.type(newKey, 'acquirer.mid');
    await user.type(screen.getByRole('textbox', { name: 'Value of acquirer.mid' }), 'A1');
    await user.click(screen.getByRole('button', { name: 'Save merchant values' }));
    expect(await screen.findByText('The merchant values are saved.')).toBeInTheDocument();
    expect(valueChanges).toEqual([
      {
        programId: 'program-ecomm',
        body: { merchantCategoryCode: null, riskTier: 'HIGH', 'acquirer.mid': 'A1' },
      },
    ]);
  });

  it('shows provider support everything read-only, with nothing to save', async () => {
    await openPage('INTERNAL_SUPPORT');
    const locations = await screen.findByRole('radiogroup', { name: 'isLocationPageEnabled' });
    await waitFor(() => {
      expect(within(locations).getByRole('radio', { name: 'On' })).toBeDisabled();
    });
    expect(await screen.findByRole('textbox', { name: 'Value of riskTier' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save feature flags' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save merchant values' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a value' })).toBeNull();
  });
});
