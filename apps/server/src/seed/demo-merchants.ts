import type { Brand, Locale } from '@portal/contracts/brands';
import type { PayoutFrequency, SettlementMode } from '@portal/contracts/enums';

export interface DemoMerchant {
  readonly brand: Brand;
  readonly name: string;
  readonly legalName: string;
  readonly domain: string;
  readonly phone: string;
  readonly address: { line1: string; city: string; region: string; postalCode: string };
  readonly timeZone: string;
  readonly language: Locale;
  /** The card networks' merchant category code, kept as an internal merchant value. */
  readonly categoryCode: string;
  readonly funding: {
    frequency: PayoutFrequency;
    weekday?: number;
    dayOfMonth?: number;
    settlementMode: SettlementMode;
  };
}

/** The bread merchant of the merchant demo sign-ins: every program kind, every page. */
export const MAIN_MERCHANT = 'Northwind Demo Outfitters';
/** The rbc merchant of the rbc demo sign-in. */
export const RBC_MERCHANT = 'Maple Demo Home Supply';
/** The merchant with 260 program participations, 15 of them ended, to exercise paging by 200. */
export const MANY_PROGRAMS_MERCHANT = 'Harbor Street Marketplace';
/** The bread merchant whose own value turns the locations page off (flag `isLocationPageEnabled`). */
export const LOCATIONS_OFF_MERCHANT = 'Summit Cycle Works';

/** The bread merchant whose own value turns the locations page off (isLocationPageEnabled). */
export const LOCATIONS_PENDING_MERCHANT = 'Lakeside Furniture Co.';

export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  {
    brand: 'bread',
    name: MAIN_MERCHANT,
    legalName: 'Northwind Outfitters LLC',
    domain: 'northwind-outfitters.example',
    phone: '+1 212 555 0142',
    address: { line1: '120 Hudson Street', city: 'New York', region: 'NY', postalCode: '10013' },
    timeZone: 'America/New_York',
    language: 'en',
    categoryCode: '5941',
    funding: { frequency: 'WEEKLY', weekday: 5, settlementMode: 'NET' },
  },
  {
    brand: 'bread',
    name: LOCATIONS_PENDING_MERCHANT,
    legalName: 'Lakeside Furniture Company Inc.',
    domain: 'lakeside-furniture.example',
    phone: '+1 312 555 0178',
    address: { line1: '455 North Wells Street', city: 'Chicago', region: 'IL', postalCode: '60654' },
    timeZone: 'America/Chicago',
    language: 'en',
    categoryCode: '5712',
    funding: { frequency: 'DAILY', settlementMode: 'NET' },
  },
  {
    brand: 'bread',
    name: LOCATIONS_OFF_MERCHANT,
    legalName: 'Summit Cycle Works Corp.',
    domain: 'summit-cycles.example',
    phone: '+1 303 555 0119',
    address: { line1: '1600 Platte Street', city: 'Denver', region: 'CO', postalCode: '80202' },
    timeZone: 'America/Denver',
    language: 'en',
    categoryCode: '5940',
    funding: { frequency: 'MONTHLY', dayOfMonth: 1, settlementMode: 'GROSS' },
  },
  {
    brand: 'bread',
    name: MANY_PROGRAMS_MERCHANT,
    legalName: 'Harbor Street Marketplace Inc.',
    domain: 'harbor-street.example',
    phone: '+1 415 555 0136',
    address: { line1: '88 Embarcadero', city: 'San Francisco', region: 'CA', postalCode: '94105' },
    timeZone: 'America/Los_Angeles',
    language: 'en',
    categoryCode: '5399',
    funding: { frequency: 'DAILY', settlementMode: 'GROSS' },
  },
  {
    brand: 'rbc',
    name: RBC_MERCHANT,
    legalName: 'Maple Home Supply Ltd.',
    domain: 'maple-home.example',
    phone: '+1 416 555 0163',
    address: { line1: '200 Bay Street', city: 'Toronto', region: 'ON', postalCode: 'M5J 2J5' },
    timeZone: 'America/Toronto',
    language: 'en',
    categoryCode: '5200',
    funding: { frequency: 'WEEKLY', weekday: 1, settlementMode: 'NET' },
  },
  {
    brand: 'rbc',
    name: 'Boutique Laurentides',
    legalName: 'Boutique Laurentides inc.',
    domain: 'boutique-laurentides.example',
    phone: '+1 514 555 0187',
    address: {
      line1: '1250 rue Sainte-Catherine Ouest',
      city: 'Montréal',
      region: 'QC',
      postalCode: 'H3G 1P1',
    },
    timeZone: 'America/Toronto',
    language: 'fr-CA',
    categoryCode: '5651',
    funding: { frequency: 'MONTHLY', dayOfMonth: 15, settlementMode: 'NET' },
  },
];
