import type { ReactNode } from 'react';

export interface DataTableProps {
  /** The table's name; read out only, unless `showCaption`, where no heading above already names it. */
  caption: string;
  showCaption?: boolean;
  /** Column headings, left to right. */
  columns: ReadonlyArray<ReactNode>;
  /** With `empty`, one row across every column says there is nothing to list instead of the rows. */
  isEmpty?: boolean;
  empty?: ReactNode;
  className?: string;
  /** The body's rows. */
  children?: ReactNode;
}

/** A dashboard table that scrolls sideways on narrow screens, with its caption, headings and empty state. */
export function DataTable({ caption, showCaption = false, columns, isEmpty = false, empty, className, children }: DataTableProps) {
  return (
    <div className="md-table-scroll">
      <table className={className ? `md-table ${className}` : 'md-table'}>
        <caption className={showCaption ? undefined : 'md-visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isEmpty && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length} className="md-muted">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
