import { Alert, Box, getDefaultZIndex, Transition, type MantineColor } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  alertStore,
  useAlertState,
  type AlertStore,
  type AlertText,
  type AlertType,
} from '../lib/alerts/alert-store';

const LOOK: Record<AlertType, { color: MantineColor; Icon: Icon }> = {
  Info: { color: 'blue', Icon: IconInfoCircle },
  Error: { color: 'red', Icon: IconAlertCircle },
  Success: { color: 'green', Icon: IconCircleCheck },
};

// Shorter than the swap delay, so that the old alert has left before the new one arrives.
const TRANSITION_MS = 200;

export interface AlertHostProps {
  /** The portal's alert store unless given (tests give their own). */
  store?: AlertStore;
}

/** Shows the current alert of the store (specification §4): mount once, in the app shell. */
export function AlertHost({ store = alertStore }: AlertHostProps) {
  const { t } = useTranslation('alerts');
  const { alert, visible } = useAlertState(store);
  if (!alert) return null;

  const translate = ({ key, values }: AlertText) => t(key, { ...values });
  const { color, Icon } = LOOK[alert.type];
  return (
    <Transition mounted={visible} transition="slide-down" duration={TRANSITION_MS}>
      {(transitionStyles) => (
        <Box
          pos="fixed"
          top="var(--mantine-spacing-md)"
          left={0}
          right={0}
          mx="auto"
          w="min(32rem, calc(100vw - 2 * var(--mantine-spacing-md)))"
          style={{ ...transitionStyles, zIndex: getDefaultZIndex('max') }}
        >
          <Alert
            key={alert.id}
            role={alert.type === 'Error' ? 'alert' : 'status'}
            color={color}
            variant="filled"
            icon={<Icon aria-hidden />}
            title={translate(alert.title ?? { key: `type.${alert.type}` })}
            withCloseButton
            closeButtonLabel={t('close')}
            onClose={store.hide}
          >
            {translate(alert.message)}
          </Alert>
        </Box>
      )}
    </Transition>
  );
}
