import { LOCALES } from '@portal/contracts/brands';
import type { ResourceLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LIGHT_RESOURCES } from './light-resources';
import { RESOURCES as LOADERS } from './resources';

const RESOURCES = { en: await LOADERS.en(), 'fr-CA': await LOADERS['fr-CA']() };
const LIGHT = { en: await LIGHT_RESOURCES.en(), 'fr-CA': await LIGHT_RESOURCES['fr-CA']() };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `{ a: { b: 'x' } }` -> `[['a.b', 'x']]`; a non-string leaf is kept as is so that the test reports it. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

function keysOf(language: ResourceLanguage): Map<string, unknown> {
  return new Map(
    Object.entries(language).flatMap(([namespace, content]) =>
      leaves(content).map(([key, value]): [string, unknown] => [`${namespace}:${key}`, value]),
    ),
  );
}

const variables = (text: unknown) => [...String(text).matchAll(/{{\s*([\w.]+)/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const [en, frCa] = [keysOf(RESOURCES.en), keysOf(RESOURCES['fr-CA'])];
  const base = (keys: Map<string, unknown>) =>
    new Set([...keys.keys()].map((k) => k.replace(PLURAL_SUFFIX, '')));

  it('exist for every language of the portal', () => {
    expect(Object.keys(RESOURCES).sort()).toEqual([...LOCALES].sort());
    expect(en.size).toBeGreaterThan(0);
  });

  it('have the same namespaces and keys in English and Canadian French', () => {
    expect(Object.keys(RESOURCES['fr-CA']).sort()).toEqual(Object.keys(RESOURCES.en).sort());
    const [enKeys, frKeys] = [base(en), base(frCa)];
    expect([...enKeys].filter((key) => !frKeys.has(key))).toEqual([]);
    expect([...frKeys].filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('are non-empty strings', () => {
    for (const keys of [en, frCa]) {
      const bad = [...keys].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(bad).toEqual([]);
    }
  });

  it('write English as US English', () => {
    // "en" is US English; Canadian and British spellings slip in from copied text.
    // A placeholder (`{{cancelled}}`) is a name, not a word of the text.
    const words = (text: unknown) => String(text).replace(/{{[^}]*}}/g, '');
    const british = [...en].filter(([, text]) => /\b(instalments?|cancell(ed|ing))\b/i.test(words(text)));
    expect(british).toEqual([]);
  });

  it('use the same interpolation variables in both languages', () => {
    const differing = [...en].filter(([key, text]) => {
      const french = frCa.get(key);
      return french !== undefined && variables(text).join() !== variables(french).join();
    });
    expect(differing).toEqual([]);
  });

  it('name every language in itself in every language, so that a switch is named before it loads', () => {
    for (const locale of LOCALES) {
      for (const named of LOCALES) {
        expect(keysOf(RESOURCES[locale]).get(`common:language.${named}`), `${locale}: ${named}`).toBe(
          keysOf(RESOURCES[named]).get(`common:language.${named}`),
        );
      }
    }
  });

  it("of the light entry are the same namespaces in both languages, each the app's", () => {
    expect(Object.keys(LIGHT['fr-CA']).sort()).toEqual(Object.keys(LIGHT.en).sort());
    for (const locale of LOCALES) {
      expect(Object.keys(LIGHT[locale]).length).toBeGreaterThan(1);
      for (const [namespace, content] of Object.entries(LIGHT[locale])) {
        expect(content, `${locale}:${namespace}`).toEqual(RESOURCES[locale][namespace]);
      }
    }
  });

  it("give every plural key each plural form of the language's grammar", () => {
    for (const locale of LOCALES) {
      const keys = keysOf(RESOURCES[locale]);
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const plurals = new Set(
        [...keys.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')),
      );
      const missing = [...plurals].flatMap((stem) =>
        categories
          .filter((category) => !keys.has(`${stem}_${category}`))
          .map((category) => `${stem}_${category}`),
      );
      expect(missing, locale).toEqual([]);
    }
  });
});
