import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The readable name of a kind of change (`transaction.settled` → "Transaction settled"). A kind that
 * has no label yet (a module newer than this list) is shown as its words rather than hidden.
 */
export function useKindLabel(): (kind: string) => string {
  const { t, i18n } = useTranslation('audit');
  return useCallback(
    (kind: string) => {
      const key = `kinds.${kind}`;
      if (i18n.exists(key, { ns: 'audit' })) return t(key);
      const words = kind.replaceAll(/[._]/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    },
    [t, i18n],
  );
}
