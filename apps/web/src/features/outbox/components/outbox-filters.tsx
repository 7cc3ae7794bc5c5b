import { EMAIL_STATUSES } from '@portal/contracts/emails';
import type { TFunction } from 'i18next';
import { filtersOf, type FilterDeclaration } from '../../../components/data-table/filters/list-filters';
import type { OutboxListState } from '../list-params';

const filter = filtersOf<OutboxListState>();

/** The templates the portal sends today, offered by the template filter. */
const TEMPLATES = ['cart-link', 'invitation', 'password-reset'] as const;

/** The outbox's search by recipient and its template and status filters. */
export function outboxFilters(
  t: TFunction<'outbox'>,
  templateLabel: (template: string) => string,
): FilterDeclaration<OutboxListState> {
  return {
    search: filter.search({
      key: 'to',
      label: t('filters.to'),
      placeholder: t('filters.toPlaceholder'),
      maxLength: 320,
    }),
    filters: [
      filter.select({
        key: 'template',
        name: 'template',
        label: t('filters.template'),
        options: TEMPLATES.map((template) => ({ value: template, label: templateLabel(template) })),
      }),
      filter.select({
        key: 'status',
        name: 'status',
        label: t('filters.status'),
        options: EMAIL_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) })),
      }),
    ],
  };
}
