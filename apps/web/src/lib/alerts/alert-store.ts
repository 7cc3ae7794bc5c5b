import { ALERT_DURATION_MS, ALERT_SWAP_DELAY_MS, ERROR_ALERT_DURATION_MS } from '@portal/contracts/constants';
import { useSyncExternalStore } from 'react';
import { ApiError, type ApiRefusal } from '../http/api-error';

/** The alert types of the specification (§4). */
export const ALERT_TYPES = ['Info', 'Error', 'Success'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/**
 * A text translated when the alert is shown, so that alerts raised outside React (a failed call, the
 * sign-in callback) follow the language. `key` is an i18n key, in the `alerts` namespace unless it
 * names another one (`auth:parseFailed`).
 */
export interface AlertText {
  key: string;
  values?: Readonly<Record<string, string | number>>;
  /** A server refusal, shown as the `message` value in the user's language (its English text otherwise). */
  refusal?: ApiRefusal;
}

export interface AlertRequest {
  type: AlertType;
  message: AlertText;
  title?: AlertText;
  /**
   * Hides the alert after this many milliseconds; null keeps it until it is closed.
   * By default errors stay ERROR_ALERT_DURATION_MS and the others ALERT_DURATION_MS.
   */
  durationMs?: number | null;
}

export interface ShownAlert {
  /** New for every alert shown: a key for rendering. */
  id: number;
  type: AlertType;
  message: AlertText;
  title?: AlertText;
  durationMs: number | null;
}

export interface AlertState {
  /** The alert shown or, while `visible` is false, the one last shown (kept for its exit transition). */
  alert: ShownAlert | null;
  visible: boolean;
}

export interface AlertStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => AlertState;
  /**
   * Shows an alert. One shows at a time (§4): a visible alert is hidden first and the new one shown
   * ALERT_SWAP_DELAY_MS later; a request during that gap replaces the waiting one.
   */
  show: (request: AlertRequest) => void;
  /** The generic error alert (§8): the default error message plus 'Error was: {message}', for 20 s. */
  showError: (error: unknown) => void;
  /** Hides the alert shown and drops one waiting to be shown. */
  hide: () => void;
}

/** The text of an error worth showing after 'Error was:', or null when it has none. */
export function messageOfError(error: unknown): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.trim() === '' ? null : message;
}

function genericErrorAlert(error: unknown): AlertRequest {
  const message = messageOfError(error);
  return message === null
    ? { type: 'Error', message: { key: 'alerts:defaultError' }, durationMs: ERROR_ALERT_DURATION_MS }
    : {
        type: 'Error',
        title: { key: 'alerts:defaultError' },
        message: {
          key: 'alerts:errorWas',
          values: { message },
          ...(error instanceof ApiError && error.refusal !== null ? { refusal: error.refusal } : {}),
        },
        durationMs: ERROR_ALERT_DURATION_MS,
      };
}

function defaultDuration(type: AlertType): number {
  return type === 'Error' ? ERROR_ALERT_DURATION_MS : ALERT_DURATION_MS;
}

export function createAlertStore(): AlertStore {
  let state: AlertState = { alert: null, visible: false };
  let nextId = 1;
  let waiting: AlertRequest | null = null;
  let swapTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function setState(next: AlertState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function hide(): void {
    clearTimeout(swapTimer);
    clearTimeout(hideTimer);
    swapTimer = undefined;
    waiting = null;
    if (state.visible) setState({ ...state, visible: false });
  }

  function display(request: AlertRequest): void {
    const durationMs = request.durationMs === undefined ? defaultDuration(request.type) : request.durationMs;
    const alert: ShownAlert = { ...request, id: nextId++, durationMs };
    setState({ alert, visible: true });
    if (durationMs !== null) hideTimer = setTimeout(hide, durationMs);
  }

  function show(request: AlertRequest): void {
    if (swapTimer !== undefined) {
      waiting = request;
      return;
    }
    if (!state.visible) {
      display(request);
      return;
    }
    clearTimeout(hideTimer);
    setState({ ...state, visible: false });
    waiting = request;
    swapTimer = setTimeout(() => {
      swapTimer = undefined;
      const next = waiting;
      waiting = null;
      if (next) display(next);
    }, ALERT_SWAP_DELAY_MS);
  }

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    show,
    showError: (error) => {
      show(genericErrorAlert(error));
    },
    hide,
  };
}

/** The portal's one alert store, read by the AlertHost in the shell. */
export const alertStore = createAlertStore();

export function showAlert(request: AlertRequest): void {
  alertStore.show(request);
}

export function showErrorAlert(error: unknown): void {
  alertStore.showError(error);
}

export function hideAlert(): void {
  alertStore.hide();
}

export function useAlertState(store: AlertStore = alertStore): AlertState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
