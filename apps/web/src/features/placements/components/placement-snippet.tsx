import { Button, Code, CopyButton, Paper, Stack, Text, Title } from '@mantine/core';
import { placementScriptEndpoint } from '@portal/contracts/placements-endpoints';
import type { PlacementPageType } from '@portal/contracts/placements';
import { endpointUrl } from '@portal/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../../lib/public-config';

interface PlacementSnippetProps {
  readonly merchantId: string;
  readonly page: PlacementPageType;
  /** The price of the example element, in minor units. */
  readonly amount: number;
  readonly language: string;
}

/** The HTML a merchant pastes into its page: the script once, then one element per price. */
export function placementSnippet(
  { merchantId, page, amount, language }: PlacementSnippetProps,
  apiUrl: string,
) {
  const src = `${apiUrl.replace(/\/$/, '')}${endpointUrl(placementScriptEndpoint)}`;
  return [
    `<script src="${src}" data-merchant="${merchantId}" data-lang="${language}" async></script>`,
    `<div data-placement-page="${page}" data-amount="${String(amount)}"></div>`,
  ].join('\n');
}

/** The snippet to copy, for the page type and price of the preview. */
export function PlacementSnippet(props: PlacementSnippetProps) {
  const { t } = useTranslation('placements');
  const { apiurl } = usePublicConfig();
  const snippet = placementSnippet(props, apiurl);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="placement-snippet-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="placement-snippet-title">
          {t('snippet.title')}
        </Title>
        <Text size="sm">{t('snippet.intro')}</Text>
        {/* Focusable: a long line scrolls, and the keyboard must reach it. */}
        <Code block tabIndex={0} aria-label={t('snippet.code')} data-testid="placement-snippet">
          {snippet}
        </Code>
        <div>
          <CopyButton value={snippet}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('snippet.copied') : t('snippet.copy')}
              </Button>
            )}
          </CopyButton>
        </div>
      </Stack>
    </Paper>
  );
}
