import type { LocationInput } from '@portal/contracts/locations';

/** A valid US location; `overrides` change any field. */
export function locationInput(overrides: Partial<LocationInput> = {}): LocationInput {
  return {
    name: 'Hudson Yards Store',
    storeNumber: 'S9001',
    addressLine1: '20 Hudson Yards',
    addressLine2: 'Level 3',
    city: 'New York',
    region: 'NY',
    postalCode: '10001',
    country: 'US',
    phone: '+1 212 555 0190',
    timeZone: 'America/New_York',
    ...overrides,
  };
}
