import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditLabels } from '../use-audit-labels';
import classes from './audit.module.css';

/** A changed field's value as text. Nested values (an export's filter) are written compactly, keys first. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .filter(([, field]) => field !== undefined && field !== null)
      .map(([key, field]) => `${key}=${displayValue(field)}`)
      .join('; ');
  }
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export interface FieldChange {
  readonly field: string;
  readonly before: string | undefined;
  readonly after: string | undefined;
}

/** The fields whose value differs between before and after, in the order they were written. */
export function changedFields(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.flatMap((field) => {
    const was = before && field in before ? displayValue(before[field]) : undefined;
    const is = after && field in after ? displayValue(after[field]) : undefined;
    return was === is ? [] : [{ field, before: was, after: is }];
  });
}

/**
 * The compact diff of one entry: `Field: before → after`, one line per changed field, in words (field
 * labels, enumeration values in the user's language). The lines wrap: a long value must not widen the
 * whole table.
 */
export function AuditChanges({
  subjectType,
  before,
  after,
  labels,
}: {
  readonly subjectType: string;
  readonly before: Readonly<Record<string, unknown>> | null;
  readonly after: Readonly<Record<string, unknown>> | null;
  readonly labels: AuditLabels;
}) {
  const { t } = useTranslation('audit');
  const changes = changedFields(before, after);
  if (changes.length === 0) {
    return <Text size="sm">{t('changes.none')}</Text>;
  }
  return (
    <ul aria-label={t('changes.label')} className={classes.changes}>
      {changes.map(({ field: name, before: was, after: is }) => {
        const field = labels.field(subjectType, name);
        const shown = (value: string) =>
          value === '' ? t('changes.empty') : labels.value(subjectType, name, value);
        return (
          <li key={name}>
            <Text size="sm" component="span">
              {was === undefined
                ? t('changes.added', { field, value: shown(is ?? '') })
                : is === undefined
                  ? t('changes.removed', { field, value: shown(was) })
                  : t('changes.changed', { field, before: shown(was), after: shown(is) })}
            </Text>
          </li>
        );
      })}
    </ul>
  );
}
