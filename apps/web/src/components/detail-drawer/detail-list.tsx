import { Fragment, type ReactNode } from 'react';
import classes from './detail-list.module.css';

/** A term and its value; `null` leaves the pair out (a field the record does not have). */
export type DetailItem = readonly [term: string, value: ReactNode] | null;

/** The facts of one record as a description list: terms beside their values, under them on a phone. */
export function DetailList({ items }: { readonly items: readonly DetailItem[] }) {
  return (
    <dl className={classes.list}>
      {items.map((item) =>
        item === null ? null : (
          <Fragment key={item[0]}>
            <dt>{item[0]}</dt>
            <dd>{item[1]}</dd>
          </Fragment>
        ),
      )}
    </dl>
  );
}
