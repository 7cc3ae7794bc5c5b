import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface AuditLabels {
  /** A changed field's label (`firstName` → "First name"), for the kind of subject it belongs to. */
  readonly field: (subjectType: string, field: string) => string;
  /** A field's value in words where it is a code (`READ_ONLY` → "Read only"); other values as written. */
  readonly value: (subjectType: string, field: string, value: string) => string;
  /** A kind of subject in words (`cart` → "Cart"). */
  readonly subject: (subjectType: string) => string;
}

// What an enumeration's code looks like; free text (a name, an amount) is never looked up.
const CODE = /^[A-Z][A-Z_]*$/;

/** `shopperEmail` → "Shopper email": a field newer than the labels is still read as words. */
function words(name: string): string {
  const spaced = name
    .replaceAll(/([a-z])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The words of the audit log's changes: field labels and enumeration values of the user's language,
 * looked up for the subject's kind first (a cart's status is not a transaction's), then for any subject.
 * What has no label yet is shown as its words or as written rather than hidden.
 */
export function useAuditLabels(): AuditLabels {
  const { t, i18n } = useTranslation('audit');
  return useMemo(() => {
    const first = (keys: readonly string[]) => keys.find((key) => i18n.exists(key, { ns: 'audit' }));
    return {
      field: (subjectType, field) => {
        const key = first([`fields.${subjectType}.${field}`, `fields.${field}`]);
        return key === undefined ? words(field) : t(key);
      },
      value: (subjectType, field, value) => {
        if (!CODE.test(value)) return value;
        const key = first([`values.${subjectType}.${field}.${value}`, `values.${field}.${value}`]);
        return key === undefined ? value : t(key);
      },
      subject: (subjectType) => {
        const key = first([`subject.${subjectType}`]);
        return key === undefined ? subjectType : t(key);
      },
    };
  }, [t, i18n]);
}
