import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

/**
 * A validation message is an i18n key with its namespace (`carts:validation.required`), never English
 * text: the contracts' schemas give keys of the portal's texts, and zod's own checks get theirs from
 * `formErrorMap`. The server answers the same keys in its field errors, as codes.
 */
const MESSAGE_KEY = /^([a-z][a-zA-Z]*:[a-zA-Z][\w.]*)(?:\?(.*))?$/;

/**
 * A message key with the values its text names (`{{amount}}`), for a schema built where they are
 * known: `key?amount=%24100.00`. A form error holds only a string; this keeps the values with the key.
 */
export function messageWithValues(key: string, values: Readonly<Record<string, string>>): string {
  return `${key}?${new URLSearchParams(values).toString()}`;
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
    const key = MESSAGE_KEY.exec(message);
    if (key === null) return message;
    const [, name = '', values] = key;
    return t(name, values === undefined ? {} : Object.fromEntries(new URLSearchParams(values)));
  };
}
