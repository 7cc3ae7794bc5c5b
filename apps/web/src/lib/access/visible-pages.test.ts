import { SCOPES } from '@portal/contracts/scopes';
import { PAGES } from '@portal/contracts/routes';
import { describe, expect, it } from 'vitest';
import { allowEverything } from './access-context';
import { visiblePages } from './visible-pages';

const RBC_HIDDEN = ['settlementReport', 'targetingExport', 'carts', 'cartCreate', 'cart', 'locations'];

describe('visiblePages', () => {
  it('shows every page to bread while everything is allowed', () => {
    expect(visiblePages(allowEverything('bread')).size).toBe(Object.keys(PAGES).length);
  });

  it('hides the settlement report, targeting export, carts and locations from rbc', () => {
    const visible = visiblePages(allowEverything('rbc'));
    for (const page of RBC_HIDDEN) expect(visible.has(page as keyof typeof PAGES), page).toBe(false);
    expect(visible.size).toBe(Object.keys(PAGES).length - RBC_HIDDEN.length);
  });

  it('leaves out the pages the context does not grant', () => {
    const context = { ...allowEverything('bread'), scopes: [SCOPES.settingsPageAccess] };
    const visible = visiblePages(context);
    expect(visible.has('generalSettings')).toBe(true);
    expect(visible.has('userManagement')).toBe(false);
    expect(visible.has('accessKeys')).toBe(false);
  });
});
