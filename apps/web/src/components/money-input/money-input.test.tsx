import { MantineProvider } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { MoneyRangeFilter, type MoneyRange } from '../data-table/filters/money-range-filter';
import { MoneyField } from '../../lib/forms/choice-fields';
import { createI18n } from '../../lib/i18n/i18n';
import { chooseLanguage } from '../../lib/i18n/i18n-instance';
import { PublicConfigContext } from '../../lib/public-config';
import { BREAD_CONFIG, RBC_CONFIG } from '../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

/** A person typing: about eight keys a second. */
const HUMAN_DELAY_MS = 120;

async function renderWith(node: ReactNode, locale: Locale = 'en') {
  const config = locale === 'en' ? BREAD_CONFIG : RBC_CONFIG;
  const i18n = await createI18n({
    locales: config.locales,
    onMissingKey: (key, namespace) => {
      throw new Error(`Missing translation ${namespace}:${key}`);
    },
  });
  await chooseLanguage(i18n, locale);
  render(
    <MantineProvider env="test">
      <PublicConfigContext.Provider value={config}>
        <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
      </PublicConfigContext.Provider>
    </MantineProvider>,
  );
  return userEvent.setup({ delay: HUMAN_DELAY_MS });
}

/**
 * The list's URL: a filter's change arrives after a navigation, some time later, as the router's does.
 * `applied` records each range the list was asked for.
 */
function UrlRange({ applied, lagMs = 80 }: { readonly applied: MoneyRange[]; readonly lagMs?: number }) {
  const [url, setUrl] = useState<MoneyRange>({ min: undefined, max: undefined });
  return (
    <>
      <MoneyRangeFilter
        label="Total (USD)"
        value={url}
        onChange={(range) => {
          applied.push(range);
          setTimeout(() => {
            setUrl(range);
          }, lagMs);
        }}
      />
      <output aria-label="URL">{`${String(url.min)}-${String(url.max)}`}</output>
      <button
        type="button"
        onClick={() => {
          setUrl({ min: undefined, max: undefined });
        }}
      >
        Clear filters
      </button>
    </>
  );
}

const maxField = () => screen.getByRole('textbox', { name: 'Total (USD) – max' });
const urlShown = () => screen.getByRole('status', { name: 'URL' });

describe('the amount filter', () => {
  it('shows and applies 250.75 typed at a human pace', async () => {
    const applied: MoneyRange[] = [];
    const user = await renderWith(<UrlRange applied={applied} />);
    await user.type(maxField(), '250.75');
    expect(maxField()).toHaveValue('250.75');
    await waitFor(() => {
      expect(urlShown()).toHaveTextContent('undefined-25075');
    });
    expect(applied).toEqual([{ min: undefined, max: 25_075 }]);
    expect(maxField()).toHaveValue('250.75');
  });

  it('keeps typing when the URL catches up in the middle of it ("1500", never "150")', async () => {
    const applied: MoneyRange[] = [];
    const user = await renderWith(<UrlRange applied={applied} lagMs={300} />);
    await user.type(maxField(), '150');
    // A pause long enough to apply 150.00, then the last key as the URL comes back with it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 650)));
    await user.type(maxField(), '0');
    await waitFor(() => {
      expect(urlShown()).toHaveTextContent('undefined-150000');
    });
    expect(maxField()).toHaveValue('1500');
    expect(applied).toEqual([
      { min: undefined, max: 15_000 },
      { min: undefined, max: 150_000 },
    ]);
  });

  it('keeps a lone "." and applies nothing that is not an amount, saying so', async () => {
    const applied: MoneyRange[] = [];
    const user = await renderWith(<UrlRange applied={applied} />);
    await user.type(maxField(), '.');
    expect(maxField()).toHaveValue('.');
    await user.type(maxField(), '5');
    await waitFor(() => {
      expect(urlShown()).toHaveTextContent('undefined-50');
    });
    await user.clear(maxField());
    await waitFor(() => {
      expect(urlShown()).toHaveTextContent('undefined-undefined');
    });
    const count = applied.length;
    await user.type(maxField(), '10,5');
    expect(await screen.findByText('Not an amount: type it like 1,234.56.')).toBeInTheDocument();
    expect(maxField()).toHaveValue('10,5');
    // The list keeps the range it had: what was refused was never applied.
    expect(applied).toHaveLength(count);
    expect(urlShown()).toHaveTextContent('undefined-undefined');
  });

  it('reads "10,5" in French', async () => {
    const applied: MoneyRange[] = [];
    const user = await renderWith(<UrlRange applied={applied} />, 'fr-CA');
    const min = screen.getByRole('textbox', { name: 'Total (USD) – min.' });
    await user.type(min, '10,5');
    await waitFor(() => {
      expect(urlShown()).toHaveTextContent('1050-undefined');
    });
    expect(min).toHaveValue('10,5');
  });

  it('takes a range from outside ("Clear filters"), and refuses a reversed one', async () => {
    const applied: MoneyRange[] = [];
    const user = await renderWith(<UrlRange applied={applied} />);
    const min = screen.getByRole('textbox', { name: 'Total (USD) – min' });
    await user.type(min, '20');
    await waitFor(() => {
      expect(urlShown()).toHaveTextContent('2000-undefined');
    });
    await user.type(maxField(), '10');
    expect(await screen.findByText('The maximum is below the minimum')).toBeInTheDocument();
    // Past the settling time, the reversed range is still not applied: the list keeps its last range.
    await act(() => new Promise((resolve) => setTimeout(resolve, 650)));
    expect(urlShown()).toHaveTextContent('2000-undefined');
    expect(applied).toEqual([{ min: 2_000, max: undefined }]);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(min).toHaveValue('');
    expect(maxField()).toHaveValue('');
  });
});

function PriceForm({ onValue }: { readonly onValue: (value: number) => void }) {
  const form = useForm({ defaultValues: { price: 0 } });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onValue(form.getValues('price'));
      }}
    >
      <MoneyField control={form.control} name="price" label="Shipping" prefix="$" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('a money field of a form', () => {
  it('starts an amount over a "$0" default: typing 9.95 shows 9.95, not 09.95', async () => {
    const onValue = vi.fn();
    const user = await renderWith(<PriceForm onValue={onValue} />);
    const field = screen.getByRole('textbox', { name: 'Shipping' });
    expect(field).toHaveValue('0');
    await user.click(field);
    await user.keyboard('9.95');
    expect(field).toHaveValue('9.95');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValue).toHaveBeenCalledWith(995);
  });

  it('holds NaN for a text that is no amount, which the schema refuses', async () => {
    const onValue = vi.fn();
    const user = await renderWith(<PriceForm onValue={onValue} />);
    const field = screen.getByRole('textbox', { name: 'Shipping' });
    await user.clear(field);
    await user.type(field, '12,3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValue).toHaveBeenCalledWith(Number.NaN);
    expect(field).toHaveValue('12,3');
  });
});
