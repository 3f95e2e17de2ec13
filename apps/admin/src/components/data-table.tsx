import type { ReactNode } from 'react';

/** A column heading; numeric columns are right-aligned (their cells take `adm-num` too). */
export type Column = string | { label: string; numeric?: boolean };

/**
 * The console's table: a scrolling frame, a caption for screen readers, one header row (with an unnamed last column
 * for row buttons when `actions`), and the rows the caller renders.
 */
export function DataTable({
  caption,
  columns,
  actions = false,
  tall = false,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  actions?: boolean;
  /** A taller frame, for long lists such as an import's rejected rows. */
  tall?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={tall ? 'adm-table-wrap adm-table-wrap--tall' : 'adm-table-wrap'}>
      <table className="adm-table">
        <caption className="ph-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const { label, numeric } = typeof column === 'string' ? { label: column, numeric: false } : column;
              return (
                <th key={label} scope="col" className={numeric ? 'adm-num' : undefined}>
                  {label}
                </th>
              );
            })}
            {actions ? (
              <th scope="col">
                <span className="ph-visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
