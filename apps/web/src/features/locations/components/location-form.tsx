import { Modal, SimpleGrid } from '@mantine/core';
import { locationFormSchema, type Location, type LocationInput } from '@portal/contracts/locations';
import {
  MERCHANT_COUNTRIES,
  REGIONS,
  TIME_ZONES,
  type MerchantCountry,
} from '@portal/contracts/merchant-settings';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../lib/forms/fields';
import { SelectField } from '../../../lib/forms/choice-fields';
import { SettingsFormFrame } from '../../../lib/forms/settings-form-frame';
import { useSettingsForm } from '../../../lib/forms/use-settings-form';
import { useSaveLocation } from '../api/locations-api';

/** The fields of a location as the form edits them. */
function formValues({
  id: _id,
  status: _status,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  deactivatedAt: _deactivatedAt,
  ...values
}: Location): LocationInput {
  return values;
}

function emptyValues(country: MerchantCountry): LocationInput {
  return {
    name: '',
    storeNumber: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    region: '',
    postalCode: '',
    country,
    phone: '',
    timeZone: '',
  };
}

export interface LocationFormProps {
  readonly merchantId: string;
  /** The location to edit; undefined adds one. */
  readonly location: Location | undefined;
  /** The country a new location starts in: the brand's. */
  readonly defaultCountry: MerchantCountry;
  readonly onClose: () => void;
  /** Once saved: the location as the server keeps it. */
  readonly onSaved: (location: Location) => void;
}

/**
 * Adds or edits a location (`u:merchant`): its name, store number, address checked against the chosen
 * country (state or province, ZIP or postal code, time zone), and phone.
 */
export function LocationForm({ merchantId, location, defaultCountry, onClose, onSaved }: LocationFormProps) {
  const { t } = useTranslation(['locations', 'generalSettings']);
  const mutation = useSaveLocation(merchantId, location?.id);
  const values = useMemo(
    () => (location === undefined ? emptyValues(defaultCountry) : formValues(location)),
    [location, defaultCountry],
  );
  const settings = useSettingsForm({
    section: 'locations',
    schema: locationFormSchema,
    values,
    save: async (body) => {
      const saved = await mutation.mutateAsync(body);
      onSaved(saved);
      return formValues(saved);
    },
    savedMessage: { key: location === undefined ? 'locations:form.added' : 'locations:form.saved' },
  });
  const { control } = settings.form;
  const country = useWatch({ control, name: 'country' });
  const text = (name: keyof LocationInput) => ({ control, name, label: t(`locations:fields.${name}`) });
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        location === undefined
          ? t('locations:form.addTitle')
          : t('locations:form.editTitle', { name: location.name })
      }
      closeButtonProps={{ 'aria-label': t('locations:form.close') }}
    >
      <SettingsFormFrame
        settings={settings}
        submitLabel={location === undefined ? t('locations:form.add') : t('locations:form.save')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField {...text('name')} required data-autofocus />
          <TextField {...text('storeNumber')} required />
          <TextField {...text('addressLine1')} required autoComplete="address-line1" />
          <TextField {...text('addressLine2')} autoComplete="address-line2" />
          <TextField {...text('city')} required autoComplete="address-level2" />
          <SelectField
            {...text('country')}
            data={MERCHANT_COUNTRIES.map((code) => ({
              value: code,
              label: t(`generalSettings:countries.${code}`),
            }))}
            required
          />
          <SelectField
            control={control}
            name="region"
            label={t(`generalSettings:fields.region.${country}`)}
            data={REGIONS[country]}
            searchable
            required
          />
          <TextField
            control={control}
            name="postalCode"
            label={t(`generalSettings:fields.postalCode.${country}`)}
            required
            autoComplete="postal-code"
          />
          <TextField {...text('phone')} type="tel" required autoComplete="tel" />
          <SelectField
            {...text('timeZone')}
            data={TIME_ZONES[country].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }))}
            searchable
            required
          />
        </SimpleGrid>
      </SettingsFormFrame>
    </Modal>
  );
}
