import type {
  NotificationEvent,
  NotificationSettings,
  NotificationSubscription,
} from '@portal/contracts/email-notifications';
import type { Recipient } from './components/notification-matrix';

/** What the page's form edits: the body the server saves. */
export interface MatrixValues {
  extraAddresses: string[];
  subscriptions: NotificationSubscription[];
}

const byCell = (a: NotificationSubscription, b: NotificationSubscription) =>
  a.event === b.event ? a.email.localeCompare(b.email) : a.event.localeCompare(b.event);

/**
 * One order for the same cells, so that turning a box on and off again leaves the form as loaded (not
 * "unsaved").
 */
export function canonical(values: MatrixValues): MatrixValues {
  return {
    extraAddresses: [...values.extraAddresses].sort(),
    subscriptions: [...values.subscriptions].sort(byCell),
  };
}

export function matrixValuesOf(settings: NotificationSettings): MatrixValues {
  return canonical({ extraAddresses: settings.extraAddresses, subscriptions: settings.subscriptions });
}

export function withCell(
  values: MatrixValues,
  event: NotificationEvent,
  email: string,
  on: boolean,
): MatrixValues {
  const others = values.subscriptions.filter((cell) => cell.event !== event || cell.email !== email);
  return canonical({ ...values, subscriptions: on ? [...others, { event, email }] : others });
}

/** Without the address, and without its cells: no one is subscribed who is not a recipient. */
export function withoutAddress(values: MatrixValues, email: string): MatrixValues {
  return canonical({
    extraAddresses: values.extraAddresses.filter((address) => address !== email),
    subscriptions: values.subscriptions.filter((cell) => cell.email !== email),
  });
}

export function recipientsOf(settings: NotificationSettings, extraAddresses: readonly string[]): Recipient[] {
  return [
    ...settings.teamMembers.map((member) => ({ email: member.email, name: member.name })),
    ...extraAddresses.map((email) => ({ email, name: null })),
  ];
}
