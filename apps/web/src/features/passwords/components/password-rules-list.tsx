import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import {
  checkPasswordRules,
  emailNamePart,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RULES,
  type PasswordRule,
} from '@portal/contracts/password-rules';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The password rules, each marked met or not as the user types: the same function the server runs,
 * so a password the list accepts is one the server accepts.
 */
export function PasswordRulesList({
  password,
  email,
}: {
  readonly password: string;
  readonly email: string;
}) {
  const { t } = useTranslation('passwords');
  const checks = checkPasswordRules(password, email);
  const name = emailNamePart(email);
  // The e-mail rule names the part of the address it forbids too, so a refusal is never a surprise.
  const ruleText = (rule: PasswordRule) =>
    rule === 'notEmail' && name !== null
      ? t('rules.notEmailOrName', { name })
      : t(`rules.${rule}`, { count: MIN_PASSWORD_LENGTH });
  return (
    <div>
      <Text size="sm" fw={600} id="password-rules-title">
        {t('rules.title')}
      </Text>
      <List spacing={4} size="sm" mt={4} aria-labelledby="password-rules-title">
        {PASSWORD_RULES.map((rule) => {
          const met = password !== '' && checks[rule];
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={met}
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color={met ? 'teal' : 'gray'}>
                  {met ? <IconCheck size={12} aria-hidden /> : <IconCircleDashed size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text size="sm" c={met ? 'teal.9' : 'gray.8'} component="span">
                {ruleText(rule)}
              </Text>
              <VisuallyHidden>{met ? t('rules.met') : t('rules.notMet')}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
