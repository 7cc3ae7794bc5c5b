import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeforeUnload, useBlocker } from 'react-router';
import { useMerchantChangeValidator } from '../merchant-selection/merchant-selection';

/**
 * Asks before unsaved edits are lost: on leaving the page through the router, on a change of the
 * selected merchant (the specification's merchant-change veto) and, through the browser's own
 * question, on closing or reloading the tab. Mount it in the form while `when` may be true.
 */
export function UnsavedChangesGuard({ when }: { readonly when: boolean }) {
  const { t } = useTranslation('forms');
  // Leaving for another page; a change of the query or hash alone keeps the page and its edits.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  const [merchantQuestion, setMerchantQuestion] = useState<((leave: boolean) => void) | null>(null);
  const openQuestion = useRef(merchantQuestion);
  useEffect(() => {
    openQuestion.current = merchantQuestion;
  });

  useMerchantChangeValidator(
    useCallback(
      () =>
        !when ||
        new Promise<boolean>((resolve) => {
          setMerchantQuestion(() => resolve);
        }),
      [when],
    ),
  );
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (when) event.preventDefault();
      },
      [when],
    ),
  );
  // A question left open when the guard goes (the page unmounts) keeps the merchant.
  useEffect(
    () => () => {
      openQuestion.current?.(false);
    },
    [],
  );

  const asked = blocker.state === 'blocked' || merchantQuestion !== null;
  const answer = (leave: boolean) => {
    if (blocker.state === 'blocked') {
      if (leave) blocker.proceed();
      else blocker.reset();
    }
    merchantQuestion?.(leave);
    setMerchantQuestion(null);
  };

  return (
    <Modal
      opened={asked}
      onClose={() => {
        answer(false);
      }}
      title={t('unsaved.title')}
      // Escape or a click outside stays, like the first button: only an explicit choice leaves.
      withCloseButton={false}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('unsaved.text')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={() => {
              answer(false);
            }}
            data-autofocus
          >
            {t('unsaved.stay')}
          </Button>
          <Button
            // The theme's red under white text is below the WCAG AA contrast; its 8th shade is not.
            color="red.8"
            onClick={() => {
              answer(true);
            }}
          >
            {t('unsaved.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
