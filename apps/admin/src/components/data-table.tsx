import type { ReactNode } from 'react';

/** A column heading; numeric columns are right-aligned (their cells take `adm-num` too). */
export type Column = string | { label: string; numeric?: boolean };

/**
 * The console's table: a scrolling frame, a caption for screen readers, one header row (with an unnamed last column
 * for row buttons when `actions`), and the rows the caller renders.
 *
 * `stack`: on a narrow screen each row becomes a card, its cells one under the other, each after its column's name
 * (the cells' `data-label`, given by the caller). The table's parts then carry their roles explicitly (rows given by
 * the caller: `role="row"`, cells `role="cell"`), since browsers drop a table's semantics when its display changes.
 */
export function DataTable({
  caption,
  columns,
  actions = false,
  tall = false,
  stack = false,
  scrollable = false,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  actions?: boolean;
  /** A taller frame, for long lists such as an import's rejected rows. */
  tall?: boolean;
  stack?: boolean;
  /** A wide table that may scroll sideways: its frame takes the keyboard's focus (named by the caption) to scroll it. */
  scrollable?: boolean;
  children: ReactNode;
}) {
  const role = (name: string) => (stack ? name : undefined);
  return (
    <div
      className={tall ? 'adm-table-wrap adm-table-wrap--tall' : 'adm-table-wrap'}
      {...(scrollable ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className={stack ? 'adm-table adm-table--stack' : 'adm-table'} role={role('table')}>
        <caption className="ph-visually-hidden">{caption}</caption>
        <thead role={role('rowgroup')}>
          <tr role={role('row')}>
            {columns.map((column) => {
              const { label, numeric } = typeof column === 'string' ? { label: column, numeric: false } : column;
              return (
                <th key={label} scope="col" role={role('columnheader')} className={numeric ? 'adm-num' : undefined}>
                  {label}
                </th>
              );
            })}
            {actions ? (
              <th scope="col" role={role('columnheader')}>
                <span className="ph-visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody role={role('rowgroup')}>{children}</tbody>
      </table>
    </div>
  );
}
