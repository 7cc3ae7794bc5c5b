import { REFUSALS, refusalParamKinds, type RefusalReason } from '@portal/contracts/refusals';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/errors.json';
import frCa from '../../locales/fr-CA/errors.json';
import { translateRefusal } from './refusal-text';

const REASONS = Object.keys(REFUSALS) as RefusalReason[];

function translation(texts: typeof en, reason: RefusalReason): string | undefined {
  const [group = '', name = ''] = reason.split(/\.(.*)/s);
  return (texts.refusal as Record<string, Record<string, string> | undefined>)[group]?.[name];
}

const placeholders = (text: string | undefined) =>
  [...(text ?? '').matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

async function translator(language: 'en' | 'fr-CA') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { errors: en }, 'fr-CA': { errors: frCa } },
    ns: ['errors'],
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('refusals', () => {
  it.each(REASONS)('%s has an English and a Canadian French text naming its parameters', (reason) => {
    const names = Object.keys(refusalParamKinds(reason)).sort();
    expect(translation(en, reason)).toBeTypeOf('string');
    expect(translation(frCa, reason)).toBeTypeOf('string');
    expect(placeholders(translation(en, reason))).toEqual(names);
    expect(placeholders(translation(frCa, reason))).toEqual(names);
  });

  it('shows a refusal in Canadian French with the money and dates of the user locale', async () => {
    const t = await translator('fr-CA');
    const cad = (value: number) => ({ value, currency: 'CAD' as const });
    const refusal = {
      reason: 'transaction.nothing_to_settle' as const,
      params: { settled: cad(26_889), total: cad(26_889), cancelled: cad(0) },
    };
    // Intl separates the amount from "$" with a no-break space.
    expect(translateRefusal(t, 'fr-CA', refusal, 'English').replace(/\s/g, ' ')).toBe(
      'Il ne reste rien à régler : 268,89 $ sur 268,89 $ est réglé et 0,00 $ annulé.',
    );
    const expired = {
      reason: 'transaction.expired_cannot_settle' as const,
      params: { expiredOn: '2026-03-01' },
    };
    expect(translateRefusal(t, 'fr-CA', expired, 'English').replace(/\s/g, ' ')).toContain('le 1 mars 2026');
  });

  it('falls back to the English message when a parameter is missing or malformed', async () => {
    const t = await translator('fr-CA');
    const refusal = { reason: 'transaction.all_refunded' as const, params: { settled: '268.89' } };
    expect(translateRefusal(t, 'fr-CA', refusal, 'Everything settled has been refunded')).toBe(
      'Everything settled has been refunded',
    );
  });
});
