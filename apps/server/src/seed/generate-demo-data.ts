import { BRAND_PROFILES, type Brand } from '@portal/contracts/brands';
import {
  CONFIGURATION_KEYS,
  MERCHANT_PORTAL_FLAG_TAG,
  VIRTUAL_CARD_CHECKOUT_MODE,
  type Channel,
  type CheckoutMode,
  type ConfigurationKey,
  type ProductType,
  type UserStatus,
} from '@portal/contracts/enums';
import type { Role } from '@portal/contracts/roles';
import type { FeatureFlagName } from '@portal/contracts/routes';
import type { Insertable } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  DEMO_MERCHANTS,
  LOCATIONS_PENDING_MERCHANT,
  MAIN_MERCHANT,
  LOCATIONS_OFF_MERCHANT,
  MANY_PROGRAMS_MERCHANT,
  RBC_MERCHANT,
  type DemoMerchant,
} from './demo-merchants.js';
import { DEMO_SIGN_INS } from './demo-users.js';
import type { SeededRandom } from './random.js';
import { DAY_MS } from '@portal/contracts/constants';
import { REFERENCE_DATE } from './demo-clock.js';

/**
 * The tables the demo data fills. Tables the server fills itself (keys, provider sessions, logs) are
 * not demo data, so adding one to the schema does not touch the seed.
 */
type DemoTable =
  | 'tenants'
  | 'merchants'
  | 'programs'
  | 'merchant_program_participations'
  | 'payment_products'
  | 'payment_product_configurations'
  | 'payment_product_enrollments'
  | 'funding_configurations'
  | 'merchant_values'
  | 'feature_flags'
  | 'feature_flag_overrides'
  | 'users';

/** Every row of the demo data, table by table, in an order that satisfies the foreign keys. */
export type DemoData = { [Table in DemoTable]: Insertable<Database[Table]>[] };

const REFERENCE_MS = Date.parse(REFERENCE_DATE);
const YEARS_AHEAD_DAYS = 5 * 365;
const MARKETPLACE_PROGRAMS = 255;
const MARKETPLACE_ENDED = 15;

type ProgramKey = 'online-0' | 'online-apr' | 'instore' | 'instore-vc' | 'split-pay';

interface ProgramTemplate {
  readonly name: string;
  readonly channel: Channel;
  readonly bps: number;
  readonly mode: CheckoutMode;
  readonly min: number;
  readonly max: number;
  readonly products: readonly ProductType[];
}

const CORE_PROGRAMS: Readonly<Record<Brand, Partial<Record<ProgramKey, ProgramTemplate>>>> = {
  bread: {
    'online-0': {
      name: 'Online 0% APR, 12 months',
      channel: 'ECOMM',
      bps: 0,
      mode: 'Modal',
      min: 5_000,
      max: 1_000_000,
      products: ['INSTALLMENTS', 'SPLITPAY'],
    },
    'online-apr': {
      name: 'Online financing, 9.99% APR',
      channel: 'ECOMM',
      bps: 999,
      mode: 'Modal',
      min: 10_000,
      max: 2_500_000,
      products: ['INSTALLMENTS'],
    },
    instore: {
      name: 'In-store financing, 14.99% APR',
      channel: 'INSTORE',
      bps: 1_499,
      mode: 'Redirect',
      min: 20_000,
      max: 3_000_000,
      products: ['INSTALLMENTS', 'DEBT_CONSOLIDATION'],
    },
    'instore-vc': {
      name: 'In-store virtual card',
      channel: 'INSTORE',
      bps: 0,
      mode: VIRTUAL_CARD_CHECKOUT_MODE,
      min: 5_000,
      max: 1_500_000,
      products: ['INSTALLMENTS'],
    },
    'split-pay': {
      name: 'Split pay online',
      channel: 'ECOMM',
      bps: 0,
      mode: 'Redirect',
      min: 3_500,
      max: 150_000,
      products: ['SPLITPAY'],
    },
  },
  rbc: {
    'online-0': {
      name: 'PayPlan online 0%',
      channel: 'ECOMM',
      bps: 0,
      mode: 'Modal',
      min: 5_000,
      max: 1_000_000,
      products: ['INSTALLMENTS', 'SPLITPAY'],
    },
    'online-apr': {
      name: 'PayPlan online, 7.99%',
      channel: 'ECOMM',
      bps: 799,
      mode: 'Redirect',
      min: 10_000,
      max: 2_000_000,
      products: ['INSTALLMENTS'],
    },
    instore: {
      name: 'PayPlan in store, 9.99%',
      channel: 'INSTORE',
      bps: 999,
      mode: 'Redirect',
      min: 20_000,
      max: 2_500_000,
      products: ['INSTALLMENTS', 'DEBT_CONSOLIDATION'],
    },
    'instore-vc': {
      name: 'PayPlan in-store virtual card',
      channel: 'INSTORE',
      bps: 0,
      mode: VIRTUAL_CARD_CHECKOUT_MODE,
      min: 5_000,
      max: 1_500_000,
      products: ['INSTALLMENTS'],
    },
  },
};

/** Which core programs each merchant takes part in, and which of those participations have ended. */
const PARTICIPATIONS: Readonly<
  Record<string, { active: readonly ProgramKey[]; ended?: readonly ProgramKey[] }>
> = {
  [MAIN_MERCHANT]: { active: ['online-0', 'online-apr', 'instore', 'instore-vc'], ended: ['split-pay'] },
  'Lakeside Furniture Co.': { active: ['online-0', 'instore'] },
  'Summit Cycle Works': { active: ['online-apr', 'split-pay'] },
  [MANY_PROGRAMS_MERCHANT]: { active: ['online-0', 'online-apr', 'instore', 'instore-vc', 'split-pay'] },
  [RBC_MERCHANT]: { active: ['online-0', 'online-apr', 'instore', 'instore-vc'] },
  'Boutique Laurentides': { active: ['online-0', 'instore'] },
};

const TENANT_NAMES: Readonly<Record<Brand, string>> = { bread: 'Bread Pay', rbc: 'RBC PayPlan' };

/** Feature flag values per tenant, and the merchants' own values (overrides) of some of them. */
const FLAGS: Readonly<Record<Brand, Readonly<Record<FeatureFlagName, string>>>> = {
  bread: { isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'true' },
  rbc: { isLocationPageEnabled: 'false', isMerchantIdValidationPageEnabled: 'true' },
};
/**
 * Lakeside has not been given the locations page yet, while the other bread merchants have it through
 * their tenant: provider staff turn it on from the internal settings.
 */
const FLAG_OVERRIDES: readonly { merchant: string; flag: FeatureFlagName; value: string }[] = [
  { merchant: MANY_PROGRAMS_MERCHANT, flag: 'isMerchantIdValidationPageEnabled', value: 'false' },
  { merchant: LOCATIONS_PENDING_MERCHANT, flag: 'isLocationPageEnabled', value: 'false' },
  // A bread merchant without the locations page, whose users are refused it.
  { merchant: LOCATIONS_OFF_MERCHANT, flag: 'isLocationPageEnabled', value: 'false' },
];
/** A flag outside the portal's tag, so that the bulk evaluation's tag filter has something to leave out. */
const OTHER_TAG_FLAG = { name: 'useAsyncSettlementExports', tag: 'merchant-portal-backend', value: 'false' };

const FIRST_NAMES = ['Alex', 'Blair', 'Casey', 'Dana', 'Elliot', 'Finley', 'Harper', 'Jamie', 'Kai', 'Logan'];
const LAST_NAMES = [
  'Nguyen',
  'Patel',
  'Garcia',
  'Okafor',
  'Kim',
  'Martin',
  'Lee',
  'Brown',
  'Dubois',
  'Wilson',
];

/** Staff of the main merchant besides the demo sign-ins, so that user management has every status. */
const MAIN_MERCHANT_STAFF: readonly { role: Role; status: UserStatus }[] = [
  { role: 'ADMIN', status: 'ACTIVE' },
  { role: 'USER', status: 'ACTIVE' },
  { role: 'USER', status: 'ACTIVE' },
  { role: 'READ_ONLY', status: 'ACTIVE' },
  { role: 'USER', status: 'INVITED' },
  { role: 'READ_ONLY', status: 'INVITED' },
  { role: 'USER', status: 'DISABLED' },
];
const OTHER_MERCHANT_STAFF: readonly { role: Role; status: UserStatus }[] = [
  { role: 'ADMIN', status: 'ACTIVE' },
];

/**
 * Builds the demo data from a seeded random source: the same seed gives the same rows, ids included.
 * Every demo user shares `passwordHash` (they share the demo password); invited users have none.
 */
export function generateDemoData(random: SeededRandom, passwordHash: string): DemoData {
  const data: DemoData = {
    tenants: [],
    merchants: [],
    programs: [],
    merchant_program_participations: [],
    payment_products: [],
    payment_product_configurations: [],
    payment_product_enrollments: [],
    funding_configurations: [],
    merchant_values: [],
    feature_flags: [],
    feature_flag_overrides: [],
    users: [],
  };

  /** A moment `days` days before the reference date, at a random second of that day. */
  const daysAgo = (days: number): string =>
    new Date(REFERENCE_MS - days * DAY_MS - random.int(0, 86_399) * 1_000).toISOString();

  const tenantIds = new Map<Brand, string>();
  for (const brand of ['bread', 'rbc'] as const) {
    const id = random.uuid();
    tenantIds.set(brand, id);
    data.tenants.push({ id, name: TENANT_NAMES[brand], brand, created_at: daysAgo(1_000) });
  }
  const tenantOf = (brand: Brand): string => required(tenantIds.get(brand), `tenant ${brand}`);

  interface SeededProgram {
    id: string;
    template: ProgramTemplate;
    products: { id: string; type: ProductType }[];
  }
  const addProgram = (brand: Brand, template: ProgramTemplate): SeededProgram => {
    const program: SeededProgram = { id: random.uuid(), template, products: [] };
    const createdAt = daysAgo(random.int(900, 990));
    data.programs.push({
      id: program.id,
      tenant_id: tenantOf(brand),
      name: template.name,
      channel: template.channel,
      display_interest_rate_bps: template.bps,
      checkout_mode: template.mode,
      min_amount: template.min,
      max_amount: template.max,
      created_at: createdAt,
    });
    for (const type of template.products) {
      const productId = random.uuid();
      program.products.push({ id: productId, type });
      data.payment_products.push({
        id: productId,
        program_id: program.id,
        product_type: type,
        name: PRODUCT_NAMES[type],
        created_at: createdAt,
      });
      const configuration = productConfiguration(type, template.bps, random);
      for (const key of CONFIGURATION_KEYS) {
        data.payment_product_configurations.push({
          id: random.uuid(),
          program_id: program.id,
          payment_product_id: productId,
          config_key: key,
          config_value: configuration[key],
          owner_type: null,
          owner_id: null,
        });
      }
    }
    return program;
  };

  const corePrograms = new Map<string, SeededProgram>();
  for (const brand of ['bread', 'rbc'] as const) {
    for (const [key, template] of Object.entries(CORE_PROGRAMS[brand])) {
      corePrograms.set(`${brand}/${key}`, addProgram(brand, template));
    }
  }
  const marketplacePrograms = Array.from({ length: MARKETPLACE_PROGRAMS }, (_, index) =>
    addProgram('bread', marketplaceTemplate(index + 1, random)),
  );

  for (const merchant of DEMO_MERCHANTS) {
    const merchantId = random.uuid();
    const tenantId = tenantOf(merchant.brand);
    const createdAt = daysAgo(random.int(700, 880));
    data.merchants.push(merchantRow(merchant, merchantId, tenantId, createdAt, daysAgo(random.int(1, 300))));

    const plan = required(PARTICIPATIONS[merchant.name], `participations of ${merchant.name}`);
    const core = (key: ProgramKey) => required(corePrograms.get(`${merchant.brand}/${key}`), key);
    const taking: { program: SeededProgram; ended: boolean }[] = [
      ...plan.active.map((key) => ({ program: core(key), ended: false })),
      ...(plan.ended ?? []).map((key) => ({ program: core(key), ended: true })),
    ];
    if (merchant.name === MANY_PROGRAMS_MERCHANT) {
      const ended = new Set(random.sample(marketplacePrograms, MARKETPLACE_ENDED));
      taking.push(...marketplacePrograms.map((program) => ({ program, ended: ended.has(program) })));
    }

    for (const { program, ended } of taking) {
      const startedDaysAgo = random.int(30, 600);
      const startedAt = daysAgo(startedDaysAgo);
      const endedAt = ended ? daysAgo(random.int(1, startedDaysAgo - 1)) : null;
      data.merchant_program_participations.push({
        id: random.uuid(),
        merchant_id: merchantId,
        program_id: program.id,
        created_at: startedAt,
        deleted_at: endedAt,
      });
      for (const product of program.products) {
        const periods = enrollmentPeriods(merchant, program.template, product.type, {
          started: startedAt,
          startedDaysAgo,
          ended: endedAt,
          random,
          daysAgo,
        });
        for (const [from, to] of periods) {
          // A scheduled enrollment was made recently; the others when they took effect.
          const enrolledAt = from < REFERENCE_DATE ? from : daysAgo(random.int(1, 30));
          data.payment_product_enrollments.push({
            id: random.uuid(),
            merchant_id: merchantId,
            program_id: program.id,
            payment_product_id: product.id,
            effective_from: from,
            effective_to: to,
            created_at: enrolledAt,
            updated_at: to !== null && to < REFERENCE_DATE ? to : enrolledAt,
          });
        }
      }
      if (ended) continue;
      const values: Record<string, string> = {
        merchantCategoryCode: merchant.categoryCode,
        externalMerchantReference: `${merchant.domain.slice(0, 3).toUpperCase()}-${random.int(100_000, 999_999)}`,
        settlementDelayDays: String(random.int(1, 3)),
        riskTier: random.pick(['LOW', 'MEDIUM', 'HIGH']),
      };
      for (const [key, value] of Object.entries(values)) {
        data.merchant_values.push({
          id: random.uuid(),
          program_id: program.id,
          merchant_id: merchantId,
          value_key: key,
          value,
          updated_at: startedAt,
        });
      }
    }

    // The main merchant negotiated its own terms on the interest-bearing online program.
    if (merchant.name === MAIN_MERCHANT) {
      const program = core('online-apr');
      const product = required(program.products[0], 'online-apr product');
      for (const [key, value] of [
        ['NUMPAYMENTS', '24'],
        ['RATE', '799'],
      ] as const) {
        data.payment_product_configurations.push({
          id: random.uuid(),
          program_id: program.id,
          payment_product_id: product.id,
          config_key: key,
          config_value: value,
          owner_type: 'MERCHANT',
          owner_id: merchantId,
        });
      }
    }

    const { funding } = merchant;
    data.funding_configurations.push({
      id: random.uuid(),
      merchant_id: merchantId,
      payout_frequency: funding.frequency,
      payout_weekday: funding.weekday ?? null,
      payout_day_of_month: funding.dayOfMonth ?? null,
      settlement_mode: funding.settlementMode,
      created_at: createdAt,
      updated_at: createdAt,
    });

    const staff = merchant.name === MAIN_MERCHANT ? MAIN_MERCHANT_STAFF : OTHER_MERCHANT_STAFF;
    const firstNames = random.sample(FIRST_NAMES, staff.length);
    staff.forEach(({ role, status }, index) => {
      const firstName = required(firstNames[index], 'first name');
      const lastName = random.pick(LAST_NAMES);
      const since = random.int(120, 600);
      data.users.push(
        userRow({
          id: random.uuid(),
          tenantId,
          merchantId,
          email: `${firstName}.${lastName}@${merchant.domain}`,
          firstName,
          lastName,
          role,
          status,
          passwordHash: status === 'INVITED' ? null : passwordHash,
          createdAt: daysAgo(status === 'INVITED' ? random.int(1, 6) : since),
          lastSignInAt:
            status === 'INVITED' ? null : daysAgo(random.int(status === 'DISABLED' ? 90 : 0, since - 1)),
        }),
      );
    });
  }

  const merchantIdByName = new Map(data.merchants.map((row) => [row.name, row.id]));
  for (const signIn of DEMO_SIGN_INS) {
    const merchantId =
      signIn.merchantName === null
        ? null
        : required(merchantIdByName.get(signIn.merchantName), signIn.merchantName);
    const tenantId = data.merchants.find((row) => row.id === merchantId)?.tenant_id ?? null;
    data.users.push(
      userRow({
        id: random.uuid(),
        tenantId,
        merchantId,
        email: signIn.email,
        firstName: signIn.firstName,
        lastName: signIn.lastName,
        role: signIn.role,
        status: 'ACTIVE',
        passwordHash,
        createdAt: daysAgo(random.int(200, 400)),
        lastSignInAt: null,
      }),
    );
  }

  for (const brand of ['bread', 'rbc'] as const) {
    const createdAt = daysAgo(random.int(300, 600));
    const flags = [
      ...Object.entries(FLAGS[brand]).map(([name, value]) => ({
        name,
        tag: MERCHANT_PORTAL_FLAG_TAG,
        value,
      })),
      OTHER_TAG_FLAG,
    ];
    for (const { name, tag, value } of flags) {
      const flagId = random.uuid();
      data.feature_flags.push({
        id: flagId,
        tenant_id: tenantOf(brand),
        name,
        tag,
        value,
        created_at: createdAt,
        updated_at: createdAt,
      });
      for (const override of FLAG_OVERRIDES.filter((entry) => entry.flag === name)) {
        const overrider = DEMO_MERCHANTS.find((merchant) => merchant.name === override.merchant);
        if (overrider?.brand !== brand) continue;
        data.feature_flag_overrides.push({
          id: random.uuid(),
          flag_id: flagId,
          merchant_id: required(merchantIdByName.get(overrider.name), overrider.name),
          value: override.value,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
    }
  }

  return data;
}

const PRODUCT_NAMES: Readonly<Record<ProductType, string>> = {
  INSTALLMENTS: 'Monthly installments',
  SPLITPAY: 'Pay in 4',
  DEBT_CONSOLIDATION: 'Debt consolidation loan',
};

/** The program's default configuration of a product: schedule, number of payments, rate in bps. */
function productConfiguration(
  type: ProductType,
  programBps: number,
  random: SeededRandom,
): Record<ConfigurationKey, string> {
  switch (type) {
    case 'INSTALLMENTS':
      return {
        TYPE: 'MONTHLY',
        NUMPAYMENTS: String(random.pick([6, 12, 18, 24, 36])),
        RATE: String(programBps),
      };
    case 'SPLITPAY':
      return { TYPE: 'BIWEEKLY', NUMPAYMENTS: '4', RATE: '0' };
    case 'DEBT_CONSOLIDATION':
      return { TYPE: 'MONTHLY', NUMPAYMENTS: String(random.pick([36, 48, 60])), RATE: '1299' };
  }
}

function marketplaceTemplate(number: number, random: SeededRandom): ProgramTemplate {
  const channel = random.pick(['ECOMM', 'INSTORE'] as const);
  const bps = random.pick([0, 0, 499, 999, 1_499, 2_999]);
  const min = random.pick([2_500, 5_000, 10_000]);
  return {
    name: `Marketplace partner program ${String(number).padStart(3, '0')}`,
    channel,
    bps,
    mode:
      channel === 'ECOMM'
        ? random.pick(['Modal', 'Redirect'] as const)
        : random.pick(['Redirect', 'VirtualCard'] as const),
    min,
    max: min * random.pick([50, 100, 200]),
    products: random.chance(0.5)
      ? ['INSTALLMENTS']
      : ['INSTALLMENTS', channel === 'ECOMM' ? 'SPLITPAY' : 'DEBT_CONSOLIDATION'],
  };
}

/**
 * The enrollment periods of one product, as [effective_from, effective_to]. An ended participation has
 * a lapsed enrollment; otherwise the product is active, with some lapsed history and some scheduled
 * starts. The main merchant has every status for certain.
 */
function enrollmentPeriods(
  merchant: DemoMerchant,
  program: ProgramTemplate,
  type: ProductType,
  context: {
    started: string;
    startedDaysAgo: number;
    ended: string | null;
    random: SeededRandom;
    daysAgo: (days: number) => string;
  },
): [string, string | null][] {
  const { started, startedDaysAgo, ended, random, daysAgo } = context;
  if (ended !== null) return [[started, ended]];

  const isMain = merchant.name === MAIN_MERCHANT;
  const periods: [string, string | null][] = [];
  // Terms changed once: the first enrollment lapsed when the current one took over.
  let currentFrom = started;
  const changedTerms = isMain ? program.channel === 'ECOMM' && type === 'SPLITPAY' : random.chance(0.1);
  if (changedTerms) {
    currentFrom = daysAgo(random.int(1, startedDaysAgo - 1));
    periods.push([started, currentFrom]);
  }

  const scheduled = isMain
    ? program.channel === 'INSTORE' && type === 'DEBT_CONSOLIDATION'
    : random.chance(0.1);
  if (scheduled) {
    periods.push([daysAgo(-YEARS_AHEAD_DAYS), null]);
  } else {
    // An active enrollment may already have its end date set, years ahead.
    const endsLater = isMain ? program.bps > 0 && program.channel === 'ECOMM' : random.chance(0.2);
    periods.push([currentFrom, endsLater ? daysAgo(-YEARS_AHEAD_DAYS) : null]);
  }
  return periods;
}

function merchantRow(
  merchant: DemoMerchant,
  id: string,
  tenantId: string,
  createdAt: string,
  updatedAt: string,
): Insertable<Database['merchants']> {
  const country = merchant.brand === 'bread' ? 'US' : 'CA';
  return {
    id,
    tenant_id: tenantId,
    name: merchant.name,
    legal_name: merchant.legalName,
    contact_email: `payments@${merchant.domain}`,
    contact_phone: merchant.phone,
    address_line1: merchant.address.line1,
    address_line2: null,
    city: merchant.address.city,
    region: merchant.address.region,
    postal_code: merchant.address.postalCode,
    country,
    website: `https://www.${merchant.domain}`,
    time_zone: merchant.timeZone,
    language: merchant.language,
    currency: BRAND_PROFILES[merchant.brand].currency,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

function userRow(user: {
  id: string;
  tenantId: string | null;
  merchantId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: UserStatus;
  passwordHash: string | null;
  createdAt: string;
  lastSignInAt: string | null;
}): Insertable<Database['users']> {
  return {
    id: user.id,
    tenant_id: user.tenantId,
    merchant_id: user.merchantId,
    email: user.email.toLowerCase(),
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    status: user.status,
    password_hash: user.passwordHash,
    failed_sign_ins: 0,
    locked_until: null,
    invited_at: user.createdAt,
    last_sign_in_at: user.lastSignInAt,
    created_at: user.createdAt,
    updated_at: user.createdAt,
  };
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo data is missing ${what}`);
  return value;
}
