import { Alert, Box, Transition, type MantineColor } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  alertStore,
  useAlertState,
  type AlertStore,
  type AlertText,
  type AlertType,
} from '../lib/alerts/alert-store';
import { useRefusalText } from '../lib/http/refusal-text';
import classes from './alert-host.module.css';

// White text needs 4.5:1 (WCAG AA): the default shade 6 of red, blue or green is below it, and so is
// even green's darkest shade (4.4:1), hence a darker green of its own (6.1:1).
const LOOK: Record<AlertType, { color: MantineColor; Icon: Icon }> = {
  Info: { color: 'blue.9', Icon: IconInfoCircle },
  Error: { color: 'red.9', Icon: IconAlertCircle },
  Success: { color: '#237032', Icon: IconCircleCheck },
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
  const refusalText = useRefusalText();
  if (!alert) return null;

  const translate = ({ key, values, refusal }: AlertText) =>
    t(key, {
      ...values,
      ...(refusal === undefined ? {} : { message: refusalText(refusal, String(values?.message ?? '')) }),
    });
  const { color, Icon } = LOOK[alert.type];
  return (
    <Transition mounted={visible} transition="slide-up" duration={TRANSITION_MS}>
      {(transitionStyles) => (
        <Box className={classes.region} style={transitionStyles}>
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
