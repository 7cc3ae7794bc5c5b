import { z } from 'zod/mini';

/**
 * Everything the portal keeps in local storage (specification §3), and nothing else.
 * Values are JSON; a value that is missing, corrupt or of the wrong shape reads as its default, so a
 * damaged entry can never stop the portal from starting.
 */

export const STORAGE_KEYS = {
  token: 'portal.token',
  adminToken: 'portal.adminToken',
  selectedMerchantId: 'portal.selectedMerchantId',
  previousMerchants: 'portal.previousMerchants',
  programSelectionPrefix: 'portal.programSelection.',
} as const;

export const MAX_PREVIOUS_MERCHANTS = 10;

const previousMerchantSchema = z.object({ id: z.string().check(z.minLength(1)), name: z.string() });
export type PreviousMerchant = z.infer<typeof previousMerchantSchema>;

const programSelectionSchema = z.object({
  programs: z.array(z.string()),
  allProgramsSelected: z.boolean(),
});
export type ProgramSelection = z.infer<typeof programSelectionSchema>;

function read<T>(key: string, schema: z.core.$ZodType<T>, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    if (text === null) return fallback;
    const parsed = z.safeParse(schema, JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    // Corrupt JSON, or storage disabled by the browser: both read as "nothing stored".
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

const tokenSchema = z.string().check(z.minLength(1));

export function getToken(): string | null {
  return read(STORAGE_KEYS.token, z.nullable(tokenSchema), null);
}

export function setToken(token: string | null): void {
  write(STORAGE_KEYS.token, token);
}

export function getAdminToken(): string | null {
  return read(STORAGE_KEYS.adminToken, z.nullable(tokenSchema), null);
}

export function setAdminToken(token: string | null): void {
  write(STORAGE_KEYS.adminToken, token);
}

export function getSelectedMerchantId(): string | null {
  return read(STORAGE_KEYS.selectedMerchantId, z.nullable(z.string().check(z.minLength(1))), null);
}

export function setSelectedMerchantId(merchantId: string | null): void {
  write(STORAGE_KEYS.selectedMerchantId, merchantId);
}

/** Most recent first. */
export function getPreviousMerchants(): PreviousMerchant[] {
  return read(STORAGE_KEYS.previousMerchants, z.array(previousMerchantSchema), []);
}

/** Puts the merchant first (replacing an older entry with the same id) and keeps the newest ten. */
export function rememberMerchant(merchant: PreviousMerchant): PreviousMerchant[] {
  const merchants = [merchant, ...getPreviousMerchants().filter(({ id }) => id !== merchant.id)].slice(
    0,
    MAX_PREVIOUS_MERCHANTS,
  );
  write(STORAGE_KEYS.previousMerchants, merchants);
  return merchants;
}

/** Defaults to every program selected (specification §3). */
export function getProgramSelection(merchantId: string): ProgramSelection {
  return read(STORAGE_KEYS.programSelectionPrefix + merchantId, programSelectionSchema, {
    programs: [],
    allProgramsSelected: true,
  });
}

export function setProgramSelection(merchantId: string, selection: ProgramSelection): void {
  write(STORAGE_KEYS.programSelectionPrefix + merchantId, selection);
}

/**
 * Logout: forgets the tokens. The merchant history, the selected merchant and the program selections
 * stay, so that the next sign-in on this browser starts where the last one ended.
 */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.adminToken);
}

/**
 * A form's draft kept over an ended session (lib/forms/form-guard.tsx). Session storage, not local:
 * it is no part of what §3 keeps, it lives only as long as the tab, and another tab never sees it.
 */
const FORM_DRAFT_PREFIX = 'portal.formDraft.';

export function readFormDraft(key: string): string | null {
  try {
    return sessionStorage.getItem(FORM_DRAFT_PREFIX + key);
  } catch {
    return null;
  }
}

export function writeFormDraft(key: string, draft: string): void {
  try {
    sessionStorage.setItem(FORM_DRAFT_PREFIX + key, draft);
  } catch {
    // Storage disabled or full: the save goes on without a draft.
  }
}

export function forgetFormDraft(key: string): void {
  try {
    sessionStorage.removeItem(FORM_DRAFT_PREFIX + key);
  } catch {
    // Nothing was stored.
  }
}
