import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type CheckoutLogo,
  type LogoType,
} from '@portal/contracts/checkout-design';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/http/refusal-text';
import { useUploadCheckoutLogo } from '../api/upload-checkout-logo';

/** A logo shown from its bytes: in <img>, where an SVG runs nothing. */
export function logoDataUrl(logo: CheckoutLogo): string {
  return `data:${logo.contentType};base64,${logo.data}`;
}

const isLogoType = (type: string): type is LogoType => (LOGO_TYPES as readonly string[]).includes(type);

/** The file's bytes as base64, as the upload takes them. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('The file could not be read'));
    };
    reader.readAsDataURL(file);
  });
}

interface LogoFieldProps {
  readonly logo: CheckoutLogo | null;
  /** A new logo uploaded, or null when removed. */
  readonly onChange: (logo: CheckoutLogo | null) => void;
  readonly readOnly: boolean;
}

/**
 * The logo: uploaded as soon as it is chosen (checked by the server, which refuses an unsafe SVG), then
 * named by the draft when it is saved. Too large or of another type is said before anything is sent.
 */
export function LogoField({ logo, onChange, readOnly }: LogoFieldProps) {
  const { t } = useTranslation('checkoutDesign');
  const errorText = useErrorText();
  const upload = useUploadCheckoutLogo();
  const [error, setError] = useState<string | null>(null);
  const rulesId = useId();

  const choose = async (file: File | null) => {
    setError(null);
    if (file === null) return;
    if (!isLogoType(file.type)) {
      setError(t('logo.wrongType'));
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setError(t('logo.tooLarge', { maxKb: LOGO_MAX_BYTES / 1024 }));
      return;
    }
    try {
      onChange(await upload.mutateAsync({ contentType: file.type, data: await base64Of(file) }));
    } catch (failure) {
      setError(errorText(failure) ?? t('logo.failed'));
    }
  };

  return (
    <Stack gap={6}>
      <Input.Label component="p">{t('fields.logo')}</Input.Label>
      {logo === null ? (
        <Text size="sm" c="gray.7">
          {t('logo.none')}
        </Text>
      ) : (
        <Group gap="sm">
          <Image src={logoDataUrl(logo)} alt={t('logo.current')} h={40} w="auto" maw={160} fit="contain" />
          {!readOnly && (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                onChange(null);
              }}
            >
              {t('logo.remove')}
            </Button>
          )}
        </Group>
      )}
      {!readOnly && (
        <>
          <Group>
            <FileButton accept={LOGO_TYPES.join(',')} onChange={(file) => void choose(file)}>
              {(props) => (
                <Button {...props} variant="default" loading={upload.isPending} aria-describedby={rulesId}>
                  {t('logo.choose')}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="sm" c="gray.7" id={rulesId}>
            {t('logo.rules', { maxKb: LOGO_MAX_BYTES / 1024 })}
          </Text>
          {error !== null && <Input.Error role="alert">{error}</Input.Error>}
        </>
      )}
    </Stack>
  );
}
