import type { ReactNode } from 'react';
import type { ListParams } from '../../../lib/url-state/list-state';
import { DateRangeFilter } from './date-range-filter';
import { MultiSelectFilter, type FilterOption } from './multi-select-filter';
import { MoneyRangeFilter } from './money-range-filter';
import { SearchFilter } from './search-filter';
import { SelectFilter } from './select-filter';

/** The parameters of a list whose value is of type V. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;
type ItemOf<A> = A extends readonly (infer I)[] ? I : never;

/** What a filter's control reads and writes: the list's parameters, and a change of some of them. */
export interface FilterBinding<T> {
  readonly params: T;
  /** Sets the filter's parameters; the list goes back to its first page and the change is counted. */
  readonly set: (patch: Partial<T>) => void;
}

/** One filter of a list, bound to its URL parameters. */
export interface ListFilter<T> {
  /** The filter's name in analytics (`filter_applied`) and its React key. */
  readonly name: string;
  /** Its URL parameters: the filter counts as set when one of them differs from its default. */
  readonly keys: readonly (keyof T & string)[];
  readonly render: (binding: FilterBinding<T>) => ReactNode;
}

/** The search box of a list, bound to one URL parameter. */
export interface ListSearch<T> {
  readonly key: keyof T & string;
  readonly render: (binding: FilterBinding<T>) => ReactNode;
}

/** A list's filter declaration: its search (none for a list that cannot be searched) and its filters. */
export interface FilterDeclaration<T> {
  readonly search?: ListSearch<T>;
  readonly filters: readonly ListFilter<T>[];
}

interface Labelled {
  /** The analytics name of the filter. */
  readonly name: string;
  readonly label: string;
}

function patch<T>(values: Record<string, unknown>): Partial<T> {
  return values as Partial<T>;
}

/**
 * The builders of one list's filters, typed by its URL state: each names its parameters, and the
 * control, its analytics and its count follow. `const filter = filtersOf<CartListState>()`.
 */
export function filtersOf<T extends ListParams>() {
  return {
    search(options: {
      readonly key: KeysOf<T, string | undefined>;
      readonly label: string;
      readonly placeholder?: string;
      readonly maxLength?: number;
    }): ListSearch<T> {
      const { key, ...props } = options;
      return {
        key,
        render: ({ params, set }) => (
          <SearchFilter
            {...props}
            value={params[key] as string | undefined}
            onChange={(search) => {
              set(patch<T>({ [key]: search }));
            }}
          />
        ),
      };
    },

    /** Several values of one field; only values among the options are shown as chosen. */
    multiSelect<K extends KeysOf<T, readonly string[]>>(
      options: Labelled & {
        readonly key: K;
        readonly options: readonly FilterOption<ItemOf<T[K]> & string>[];
        readonly searchable?: boolean;
      },
    ): ListFilter<T> {
      const { key, name, ...props } = options;
      return {
        name,
        keys: [key],
        render: ({ params, set }) => (
          <MultiSelectFilter
            {...props}
            value={(params[key] as readonly string[]).filter((value) =>
              props.options.some((option) => option.value === value),
            )}
            onChange={(values) => {
              set(patch<T>({ [key]: values }));
            }}
          />
        ),
      };
    },

    select<K extends KeysOf<T, string | undefined>>(
      options: Labelled & {
        readonly key: K;
        readonly options: readonly FilterOption<NonNullable<T[K]> & string>[];
        readonly searchable?: boolean;
      },
    ): ListFilter<T> {
      const { key, name, ...props } = options;
      return {
        name,
        keys: [key],
        render: ({ params, set }) => (
          <SelectFilter
            {...props}
            value={params[key] as string | undefined}
            onChange={(value) => {
              set(patch<T>({ [key]: value }));
            }}
          />
        ),
      };
    },

    /** Days of `timeZone`, both included. */
    dateRange(
      options: Labelled & {
        readonly from: KeysOf<T, string | undefined>;
        readonly to: KeysOf<T, string | undefined>;
        readonly timeZone: string;
      },
    ): ListFilter<T> {
      const { from, to, name, ...props } = options;
      return {
        name,
        keys: [from, to],
        render: ({ params, set }) => (
          <DateRangeFilter
            {...props}
            value={{ from: params[from] as string | undefined, to: params[to] as string | undefined }}
            onChange={(range) => {
              set(patch<T>({ [from]: range.from, [to]: range.to }));
            }}
          />
        ),
      };
    },

    /** An amount range, typed in dollars, in minor units in the URL (`MoneyInput`). */
    moneyRange(
      options: Labelled & {
        readonly min: KeysOf<T, number | undefined>;
        readonly max: KeysOf<T, number | undefined>;
      },
    ): ListFilter<T> {
      const { min, max, name, label } = options;
      return {
        name,
        keys: [min, max],
        render: ({ params, set }) => (
          <MoneyRangeFilter
            label={label}
            value={{ min: params[min] as number | undefined, max: params[max] as number | undefined }}
            onChange={(range) => {
              set(patch<T>({ [min]: range.min, [max]: range.max }));
            }}
          />
        ),
      };
    },
  };
}

function differs(value: unknown, fallback: unknown): boolean {
  return JSON.stringify(value) !== JSON.stringify(fallback);
}

/** How many filters are set; a range counts once, the search not at all. */
export function activeFilterCount<T>(filters: readonly ListFilter<T>[], params: T, defaults: T): number {
  return filters.filter((filter) => filter.keys.some((key) => differs(params[key], defaults[key]))).length;
}
