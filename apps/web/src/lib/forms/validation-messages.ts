import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/**
 * A validation message is an i18n key with its namespace (`carts:validation.required`), never English
 * text: the contracts' schemas give keys of the portal's texts, and zod's own checks get theirs from
 * `formErrorMap`. The server answers the same keys in its field errors, as codes.
 */
const MESSAGE_KEY = /^[a-z][a-zA-Z]*:[a-zA-Z][\w.]*$/;

export function isMessageKey(message: string): boolean {
  return MESSAGE_KEY.test(message);
}

/**
 * Messages for zod's built-in checks that a schema gives none of its own: keys of the `forms`
 * namespace. A schema's own message wins over these (zod's precedence).
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return 'forms:required';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'forms:required' : 'forms:tooSmall';
    case 'too_big':
      return issue.origin === 'string' ? 'forms:tooLong' : 'forms:tooLarge';
    case 'invalid_format':
      return issue.format === 'email' ? 'forms:email' : 'forms:invalid';
    default:
      return 'forms:invalid';
  }
};

/**
 * Turns a field's error message into the text shown next to it: a message key is translated; any
 * other text is a server's own explanation (a refused amount) and is shown as it came.
 */
export function useValidationText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (message === undefined || message === '') return undefined;
    return isMessageKey(message) ? t(message) : message;
  };
}
