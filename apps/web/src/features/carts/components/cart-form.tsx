import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MAX_CART_ITEMS,
  cartInputSchema,
  cartTotals,
  type CartInput,
  type CartItemInput,
} from '@portal/contracts/carts';
import type { Currency } from '@portal/contracts/money';
import { useFieldArray, useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiFieldErrors } from '../../../lib/forms/api-field-errors';
import { FormError, TextField } from '../../../lib/forms/fields';
import { CountField, MoneyField } from '../../../lib/forms/choice-fields';
import { FormGuard, useFormDraft } from '../../../lib/forms/form-guard';
import { formResolver } from '../../../lib/forms/form-resolver';
import { useValidationText } from '../../../lib/forms/validation-messages';
import { useRefusalText } from '../../../lib/http/refusal-text';
import { CartTotalsView } from './cart-totals';

export const EMPTY_ITEM: CartItemInput = {
  name: '',
  sku: '',
  quantity: 1,
  unitPrice: Number.NaN,
  unitTax: 0,
};

/** A day (`YYYY-MM-DD`, as a date field gives it) at the current time of day, as ISO text. */
function expiryOn(day: string, now = new Date()): string {
  const [year, month, date] = day.split('-').map(Number);
  if (year === undefined || month === undefined || date === undefined || Number.isNaN(year + month + date))
    return '';
  const expiry = new Date(now);
  expiry.setFullYear(year, month - 1, date);
  return expiry.toISOString();
}

/** The local day of an ISO instant, for the date field. */
function dayOf(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(instant.getFullYear())}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

type AddressKey = 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country';

interface AddressFieldsProps {
  readonly legend: string;
  readonly prefix: 'shopper.billingAddress' | 'shopper.shippingAddress';
  readonly control: Control<CartInput>;
}

function AddressFields({ legend, prefix, control }: AddressFieldsProps) {
  const { t } = useTranslation('carts');
  const field = (name: AddressKey, required = true) => (
    <TextField control={control} name={`${prefix}.${name}`} label={t(`form.${name}`)} required={required} />
  );
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {field('line1')}
        {field('line2', false)}
        {field('city')}
        {field('region')}
        {field('postalCode')}
        {field('country')}
      </SimpleGrid>
    </Fieldset>
  );
}

function LiveTotals({
  control,
  currency,
}: {
  readonly control: Control<CartInput>;
  readonly currency: Currency;
}) {
  const [items, customTotal, shipping, tax, discount] = useWatch({
    control,
    name: ['items', 'customTotal', 'shipping', 'tax', 'discount'],
  });
  const amount = (value: number | null | undefined) =>
    typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const totals = cartTotals({
    items: items.map((item) => ({
      quantity: amount(item.quantity),
      unitPrice: amount(item.unitPrice),
      unitTax: amount(item.unitTax),
    })),
    customTotal: customTotal === null ? null : amount(customTotal),
    shipping: amount(shipping),
    tax: amount(tax),
    discount: amount(discount),
  });
  return <CartTotalsView totals={totals} currency={currency} live />;
}

/** The server's refusal of the cart as a whole (its total) names no field: it shows above the buttons. */
function cartFieldOf(apiPath: string): FieldPath<CartInput> | null {
  const path = apiPath.replace(/^body\.?/, '');
  return path === '' || path === 'total' ? null : (path as FieldPath<CartInput>);
}

export interface CartFormProps {
  readonly initial: CartInput;
  readonly currency: Currency;
  readonly submitLabel: string;
  /** Rejects with the server's ApiError: a 400's details land next to their fields. */
  readonly onSubmit: (input: CartInput) => Promise<void>;
  readonly onCancel: () => void;
  /** Which form, to keep a draft of when the session ends on submit (useFormDraft); none by default. */
  readonly draftName?: string;
}

/**
 * Create and edit (issue 5): items or a custom total, charges with totals as the user types, the
 * shopper, links back to the shop and the expiry. Validated with the contracts' schema, the one the
 * server checks the same body with; the server's refusals show next to their fields too.
 */
export function CartForm({ initial, currency, submitLabel, onSubmit, onCancel, draftName }: CartFormProps) {
  const { t } = useTranslation('carts');
  const text = useValidationText();
  const refusalText = useRefusalText();
  const moneyPrefix = currency === 'CAD' ? 'CA$' : '$';
  const form = useForm<CartInput>({
    resolver: formResolver(cartInputSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const items = useFieldArray({ control, name: 'items' });
  const customTotal = useWatch({ control, name: 'customTotal' });
  const sameAsBilling = useWatch({ control, name: 'shopper.shippingSameAsBilling' });
  const expiresAt = useWatch({ control, name: 'expiresAt' });
  const usesCustomTotal = customTotal !== null;

  const draft = useFormDraft(form, draftName ?? null);

  const submit = handleSubmit(async (input) => {
    try {
      await draft.saving(() => onSubmit(input));
    } catch (error) {
      // The cart as a whole (its total) is no field: above the buttons.
      applyApiFieldErrors(form, error, refusalText, { fieldOf: cartFieldOf });
    }
  });

  const itemErrors = errors.items;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.details')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="name" label={t('form.name')} required />
            <TextField control={control} name="orderReference" label={t('form.orderReference')} required />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('form.items')}>
          <Stack gap="sm">
            <Checkbox
              label={t('form.useCustomTotal')}
              checked={usesCustomTotal}
              onChange={(event) => {
                if (event.currentTarget.checked) {
                  setValue('customTotal', Number.NaN);
                  items.replace([]);
                } else {
                  setValue('customTotal', null);
                  items.replace([EMPTY_ITEM]);
                }
              }}
            />
            {usesCustomTotal ? (
              <MoneyField
                control={control}
                name="customTotal"
                label={t('form.customTotal')}
                prefix={moneyPrefix}
                required
              />
            ) : (
              <>
                {items.fields.map((item, index) => (
                  <Fieldset key={item.id} legend={t('form.item', { number: index + 1 })} variant="filled">
                    <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }}>
                      <TextField
                        control={control}
                        name={`items.${index}.name`}
                        label={t('form.itemName')}
                        required
                      />
                      <TextField control={control} name={`items.${index}.sku`} label={t('form.sku')} />
                      <CountField
                        control={control}
                        name={`items.${index}.quantity`}
                        label={t('form.quantity')}
                        required
                        allowNegative={false}
                      />
                      <MoneyField
                        control={control}
                        name={`items.${index}.unitPrice`}
                        label={t('form.unitPrice')}
                        prefix={moneyPrefix}
                        required
                      />
                      <MoneyField
                        control={control}
                        name={`items.${index}.unitTax`}
                        label={t('form.unitTax')}
                        prefix={moneyPrefix}
                      />
                      <Group align="flex-end">
                        <Button
                          variant="subtle"
                          color="red.8"
                          disabled={items.fields.length === 1}
                          onClick={() => {
                            items.remove(index);
                          }}
                          leftSection={<IconTrash size={16} aria-hidden />}
                        >
                          {t('form.removeItem', { number: index + 1 })}
                        </Button>
                      </Group>
                    </SimpleGrid>
                  </Fieldset>
                ))}
                {itemErrors?.message !== undefined && (
                  <Text c="red.8" size="sm" role="alert">
                    {text(itemErrors.message)}
                  </Text>
                )}
                <Group>
                  <Button
                    variant="light"
                    disabled={items.fields.length >= MAX_CART_ITEMS}
                    onClick={() => {
                      items.append(EMPTY_ITEM);
                    }}
                    leftSection={<IconPlus size={16} aria-hidden />}
                  >
                    {t('form.addItem')}
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('form.charges')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MoneyField control={control} name="shipping" label={t('form.shipping')} prefix={moneyPrefix} />
            <MoneyField control={control} name="tax" label={t('form.tax')} prefix={moneyPrefix} />
            <MoneyField control={control} name="discount" label={t('form.discount')} prefix={moneyPrefix} />
          </SimpleGrid>
        </Fieldset>

        <LiveTotals control={control} currency={currency} />

        <Fieldset legend={t('form.shopper')}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextField control={control} name="shopper.name" label={t('form.shopperName')} required />
              <TextField
                control={control}
                name="shopper.email"
                label={t('form.email')}
                type="email"
                required
              />
              <TextField control={control} name="shopper.phone" label={t('form.phone')} type="tel" />
            </SimpleGrid>
            <AddressFields
              legend={t('form.billingAddress')}
              prefix="shopper.billingAddress"
              control={control}
            />
            <Checkbox
              label={t('form.sameAsBilling')}
              checked={sameAsBilling}
              onChange={(event) => {
                const same = event.currentTarget.checked;
                setValue('shopper.shippingSameAsBilling', same);
                setValue(
                  'shopper.shippingAddress',
                  same ? null : { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
                );
              }}
            />
            {!sameAsBilling && (
              <AddressFields
                legend={t('form.shippingAddress')}
                prefix="shopper.shippingAddress"
                control={control}
              />
            )}
            {!sameAsBilling && errors.shopper?.shippingAddress?.message !== undefined && (
              <Text c="red.8" size="sm" role="alert">
                {text(errors.shopper.shippingAddress.message)}
              </Text>
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('form.links')}>
          <Stack gap="sm">
            <Text size="sm" c="dark.4">
              {t('form.linksHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {(['callbackUrl', 'completeUrl', 'errorUrl'] as const).map((name) => (
                <TextField key={name} control={control} name={name} label={t(`form.${name}`)} type="url" />
              ))}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <TextInput
          label={t('form.expiresAt')}
          description={t('form.expiresHint')}
          // Mantine's dimmed description is too faint on white (WCAG AA); the portal's grey for hints is not.
          styles={{ description: { color: 'var(--mantine-color-dark-4)' } }}
          type="date"
          required
          maw={260}
          value={dayOf(expiresAt)}
          onChange={(event) => {
            setValue('expiresAt', expiryOn(event.currentTarget.value), { shouldValidate: true });
          }}
          error={text(errors.expiresAt?.message)}
        />

        <FormError control={control} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </Group>
      </Stack>
      <FormGuard control={control} />
    </form>
  );
}
