import type { Column } from './data-table';

/**
 * A table's placeholder while it loads: the loaded table's header and a few rows of grey bars, so the page keeps its
 * shape when the data arrives. Read as one busy status named by `label`.
 */
export function TableSkeleton({ label, columns, actions = false, rows = 3 }: { label: string; columns: readonly Column[]; actions?: boolean; rows?: number }) {
  const names = columns.map((column) => (typeof column === 'string' ? column : column.label));
  // The row buttons' column, unnamed as in DataTable.
  if (actions) names.push('');
  return (
    <div className="adm-table-wrap adm-table-skeleton" role="status" aria-busy="true" aria-label={label}>
      <table className="adm-table" aria-hidden="true">
        <thead>
          <tr>
            {names.map((name) => (
              <th key={name}>{name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {names.map((name, column) => (
                <td key={name}>
                  <span className="ph-skeleton__bar" style={{ width: `${60 + ((row * 7 + column * 13) % 35)}%`, height: '0.9rem' }} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
