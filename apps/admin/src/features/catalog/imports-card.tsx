import { IMPORT_RUN_STATUSES, type ImportRunStatus } from '@pricehunt/contracts';
import { Button, Card, Pager } from '@pricehunt/ui';
import { QueryState } from '../../components/query-state';
import { useImportRuns, useRetailers } from '../../lib/admin-api';
import { useAddressParams } from '../../lib/address-params';
import { paths } from '../../config/paths';
import { formatCount } from '../../lib/format';
import { ImportRunsTable, STATUS_LABEL } from './import-runs-table';

const PAGE_SIZE = 50;

/** The address's parameters of the card (the catalog page holds other cards, so they are named for it). */
const PARAM = { status: 'runStatus', retailer: 'runRetailer', page: 'runPage' } as const;

/** The catalog page with its import runs filtered by a status ("Failed"). */
export const runsOfStatus = (status: ImportRunStatus) => `${paths.catalog}?${PARAM.status}=${status}`;

/** How many runs the list holds, named by its filter ("3 failed runs of Best Buy"). */
export function runsHeld(total: number, status: ImportRunStatus | undefined, retailer: string | undefined): string {
  const what = `${formatCount(total)} ${status ? `${STATUS_LABEL[status].toLowerCase()} ` : ''}run${total === 1 ? '' : 's'}`;
  return retailer ? `${what} of ${retailer}` : what;
}

/**
 * Import runs, newest first, a page at a time: those of one status ("Failed" finds the runs to look into among a feed's
 * runs every few minutes) and of one retailer, kept in the page's address.
 */
export function ImportsCard() {
  const [params, setParams] = useAddressParams({ preventScrollReset: true });
  const statusParam = params.get(PARAM.status);
  const status = (IMPORT_RUN_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as ImportRunStatus) : undefined;
  const retailer = params.get(PARAM.retailer) || undefined;
  const page = Math.max(1, Number(params.get(PARAM.page)) || 1);
  const runs = useImportRuns({ status, retailerId: retailer, page, pageSize: PAGE_SIZE });
  const retailers = useRetailers();
  const total = runs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const go = (changes: Partial<Record<keyof typeof PARAM, string | null>>) =>
    setParams(Object.fromEntries(Object.entries(changes).map(([key, value]) => [PARAM[key as keyof typeof PARAM], value ?? null])));
  const filtered = status !== undefined || retailer !== undefined;
  // The retailer by its name where the console knows it.
  const retailerName = retailer ? (retailers.data?.items.find((item) => item.id === retailer)?.name ?? retailer) : undefined;

  return (
    <Card title="Import runs">
      <div className="adm-filters">
        <div className="adm-filter">
          <label htmlFor="import-runs-status">Status</label>
          <select id="import-runs-status" className="ph-field__input" value={status ?? ''} onChange={(event) => go({ status: event.target.value || null, page: null })}>
            <option value="">Any</option>
            {IMPORT_RUN_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABEL[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="adm-filter">
          <label htmlFor="import-runs-retailer">Retailer</label>
          <select id="import-runs-retailer" className="ph-field__input" value={retailer ?? ''} onChange={(event) => go({ retailer: event.target.value || null, page: null })}>
            <option value="">Any</option>
            {(retailers.data?.items ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
            {retailer && retailers.data && !retailers.data.items.some((item) => item.id === retailer) ? <option value={retailer}>{retailer}</option> : null}
          </select>
        </div>
      </div>
      <QueryState isLoading={runs.isLoading} error={runs.error} onRetry={() => void runs.refetch()} />
      {runs.data ? (
        runs.data.total === 0 && filtered ? (
          <p className="adm-muted">
            No {status ? `${STATUS_LABEL[status].toLowerCase()} ` : ''}import runs{retailerName ? ` of ${retailerName}` : ''}.{' '}
            <Button variant="secondary" size="sm" onClick={() => go({ status: null, retailer: null, page: null })}>
              Show every run
            </Button>
          </p>
        ) : (
          <>
            <p className="adm-muted">
              {runsHeld(total, status, retailerName)}
              {pages > 1 ? `, ${formatCount((page - 1) * PAGE_SIZE + 1)}–${formatCount(Math.min(total, page * PAGE_SIZE))} shown` : ''}
            </p>
            <ImportRunsTable runs={runs.data.items} />
            <Pager className="adm-pager" page={page} pages={pages} onPage={(next) => go({ page: String(next) })} />
          </>
        )
      ) : null}
    </Card>
  );
}
