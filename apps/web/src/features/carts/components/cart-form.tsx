import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CART_MESSAGES,
  MAX_CART_ITEMS,
  cartInputSchema,
  cartTotals,
  type CartInput,
  type CartItemInput,
} from '@portal/contracts/carts';
import { toMajorUnits, toMinorUnits, type Currency } from '@portal/contracts/money';
import { useState } from 'react';
import {
  Controller,
  useController,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showErrorAlert } from '../../../lib/alerts/alert-store';
import { ApiError } from '../../../lib/http/api-error';
import { CartTotalsView } from './cart-totals';

const MESSAGE_KEYS = new Map<string, string>(Object.entries(CART_MESSAGES).map(([key, text]) => [text, key]));

/** A schema message in the user's language: the contracts' messages have a key each. */
function useValidationText() {
  const { t } = useTranslation('carts');
  return (message: string | undefined): string | undefined => {
    if (message === undefined) return undefined;
    const key = MESSAGE_KEYS.get(message);
    return key === undefined ? message : t(`validation.${key}`);
  };
}

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

interface MoneyFieldProps {
  readonly control: Control<CartInput>;
  readonly name: FieldPath<CartInput>;
  readonly label: string;
  readonly currency: Currency;
  readonly required?: boolean;
}

/**
 * An amount typed in dollars, kept in the form as minor units (the schema's unit). The text typed is
 * kept as typed ("25." on the way to "25.50"); the form gets its value in cents at every keystroke.
 */
function MoneyField({ control, name, label, currency, required = false }: MoneyFieldProps) {
  const text = useValidationText();
  const {
    field: { value, onChange, onBlur, ref, name: fieldName },
    fieldState,
  } = useController({ control, name });
  const [typed, setTyped] = useState<string | number>(() =>
    typeof value === 'number' && !Number.isNaN(value) ? toMajorUnits(value) : '',
  );
  return (
    <NumberInput
      label={label}
      required={required}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        const major = typeof next === 'number' ? next : next.trim() === '' ? Number.NaN : Number(next);
        onChange(Number.isNaN(major) ? Number.NaN : toMinorUnits(major));
      }}
      onBlur={onBlur}
      ref={ref}
      name={fieldName}
      decimalScale={2}
      thousandSeparator=","
      prefix={currency === 'CAD' ? 'CA$' : '$'}
      hideControls
      error={text(fieldState.error?.message)}
    />
  );
}

type AddressKey = 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country';

interface AddressFieldsProps {
  readonly legend: string;
  readonly prefix: 'shopper.billingAddress' | 'shopper.shippingAddress';
  readonly register: UseFormRegister<CartInput>;
  readonly errors: { readonly [K in AddressKey]?: { message?: string } | undefined } | undefined;
}

function AddressFields({ legend, prefix, register, errors }: AddressFieldsProps) {
  const { t } = useTranslation('carts');
  const text = useValidationText();
  const field = (name: AddressKey, required = true) => (
    <TextInput
      label={t(`form.${name}`)}
      required={required}
      {...register(`${prefix}.${name}`)}
      error={text(errors?.[name]?.message)}
    />
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

export interface CartFormProps {
  readonly initial: CartInput;
  readonly currency: Currency;
  readonly submitLabel: string;
  /** Rejects with the server's ApiError: a 400's details land next to their fields. */
  readonly onSubmit: (input: CartInput) => Promise<void>;
  readonly onCancel: () => void;
}

/**
 * Create and edit (issue 5): items or a custom total, charges with totals as the user types, the
 * shopper, links back to the shop and the expiry. Validated with the contracts' schema, the one the
 * server checks the same body with; the server's refusals show next to their fields too.
 */
export function CartForm({ initial, currency, submitLabel, onSubmit, onCancel }: CartFormProps) {
  const { t } = useTranslation('carts');
  const text = useValidationText();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CartInput>({
    resolver: zodResolver(cartInputSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const items = useFieldArray({ control, name: 'items' });
  const customTotal = useWatch({ control, name: 'customTotal' });
  const sameAsBilling = useWatch({ control, name: 'shopper.shippingSameAsBilling' });
  const expiresAt = useWatch({ control, name: 'expiresAt' });
  const usesCustomTotal = customTotal !== null;

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await onSubmit(input);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.details.length > 0) {
        for (const detail of error.details) {
          const path = detail.path.replace(/^body\.?/, '');
          if (path === '' || path === 'total') setFormError(detail.message);
          else setError(path as FieldPath<CartInput>, { message: detail.message });
        }
      } else {
        showErrorAlert(error);
      }
    }
  });

  const itemErrors = errors.items;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        <Fieldset legend={t('form.details')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('form.name')}
              required
              {...register('name')}
              error={text(errors.name?.message)}
            />
            <TextInput
              label={t('form.orderReference')}
              required
              {...register('orderReference')}
              error={text(errors.orderReference?.message)}
            />
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
                currency={currency}
                required
              />
            ) : (
              <>
                {items.fields.map((item, index) => (
                  <Fieldset key={item.id} legend={t('form.item', { number: index + 1 })} variant="filled">
                    <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }}>
                      <TextInput
                        label={t('form.itemName')}
                        required
                        {...register(`items.${index}.name`)}
                        error={text(itemErrors?.[index]?.name?.message)}
                      />
                      <TextInput
                        label={t('form.sku')}
                        {...register(`items.${index}.sku`)}
                        error={text(itemErrors?.[index]?.sku?.message)}
                      />
                      <Controller
                        control={control}
                        name={`items.${index}.quantity`}
                        render={({ field, fieldState }) => (
                          <NumberInput
                            label={t('form.quantity')}
                            required
                            allowDecimal={false}
                            allowNegative={false}
                            value={Number.isNaN(field.value) ? '' : field.value}
                            onChange={(next) => {
                              field.onChange(typeof next === 'number' ? next : Number.NaN);
                            }}
                            onBlur={field.onBlur}
                            ref={field.ref}
                            name={field.name}
                            error={text(fieldState.error?.message)}
                          />
                        )}
                      />
                      <MoneyField
                        control={control}
                        name={`items.${index}.unitPrice`}
                        label={t('form.unitPrice')}
                        currency={currency}
                        required
                      />
                      <MoneyField
                        control={control}
                        name={`items.${index}.unitTax`}
                        label={t('form.unitTax')}
                        currency={currency}
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
            <MoneyField control={control} name="shipping" label={t('form.shipping')} currency={currency} />
            <MoneyField control={control} name="tax" label={t('form.tax')} currency={currency} />
            <MoneyField control={control} name="discount" label={t('form.discount')} currency={currency} />
          </SimpleGrid>
        </Fieldset>

        <LiveTotals control={control} currency={currency} />

        <Fieldset legend={t('form.shopper')}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('form.shopperName')}
                required
                {...register('shopper.name')}
                error={text(errors.shopper?.name?.message)}
              />
              <TextInput
                label={t('form.email')}
                type="email"
                required
                {...register('shopper.email')}
                error={text(errors.shopper?.email?.message)}
              />
              <TextInput
                label={t('form.phone')}
                type="tel"
                {...register('shopper.phone')}
                error={text(errors.shopper?.phone?.message)}
              />
            </SimpleGrid>
            <AddressFields
              legend={t('form.billingAddress')}
              prefix="shopper.billingAddress"
              register={register}
              errors={errors.shopper?.billingAddress}
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
                register={register}
                errors={errors.shopper?.shippingAddress}
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
                <TextInput
                  key={name}
                  label={t(`form.${name}`)}
                  type="url"
                  {...register(name)}
                  error={text(errors[name]?.message)}
                />
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

        {formError !== null && (
          <Alert color="red" role="alert">
            {text(formError)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
