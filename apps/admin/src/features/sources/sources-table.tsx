import { FEED_SOURCE_FORMAT_LABELS, feedIntervalLabel, feedNextRunLabel, type FeedSource } from '@pricehunt/contracts';
import { Link } from 'react-router-dom';
import { DataTable, type Column } from '../../components/data-table';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import { SourceActions, type ActionMessage } from './source-actions';
import { LastRunCell, SourceStatusBadge } from './source-status';

export const SOURCE_COLUMNS: readonly Column[] = ['Retailer and feed URL', 'Format', 'Interval', 'Status', 'Last run', 'Next run'];

/** A feed's address in a few words: its host and the last part of its path ("feeds.example.com/…/bestbuy.tsv"). */
export function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const parts = parsed.pathname.split('/').filter(Boolean);
    const path = parts.length === 0 ? '' : parts.length === 1 ? `/${parts[0]}` : `/…/${parts[parts.length - 1]}`;
    return `${parsed.host}${path}${parsed.search ? '?…' : ''}`;
  } catch {
    return url;
  }
}

/**
 * The feed sources with their schedule, last run and buttons; a retailer's name opens the source's runs. The feed's
 * address is shortened under it, in full in its tooltip and for screen readers.
 */
export function SourcesTable({ sources, now, onMessage }: { sources: FeedSource[]; now: number; onMessage(message: ActionMessage): void }) {
  return (
    <DataTable caption="Feed sources" columns={SOURCE_COLUMNS} actions stack>
      {sources.map((source) => (
        <tr key={source.id} role="row">
          <td role="cell" className="adm-source-cell">
            <Link to={paths.source(source.id)}>{source.retailerName}</Link>
            <p className="adm-url">
              <span aria-hidden="true" title={source.url}>
                {shortUrl(source.url)}
              </span>
              <span className="ph-visually-hidden">{source.url}</span>
            </p>
            {source.businessId ? <p className="adm-muted adm-cell-note">Merchant&apos;s own feed</p> : null}
          </td>
          <td role="cell" data-label="Format" className="adm-format">
            {FEED_SOURCE_FORMAT_LABELS[source.format]}
          </td>
          <td role="cell" data-label="Interval" className="adm-nowrap">
            {feedIntervalLabel(source.intervalMinutes)}
          </td>
          <td role="cell" data-label="Status">
            <SourceStatusBadge source={source} />
          </td>
          <td role="cell" data-label="Last run">
            <LastRunCell source={source} now={now} />
          </td>
          <td role="cell" data-label="Next run" className="adm-nowrap">
            <span title={source.status === 'paused' ? undefined : formatDateTime(source.nextRunAt)}>{feedNextRunLabel(source, now)}</span>
          </td>
          <td role="cell" className="adm-stack-actions">
            <SourceActions source={source} onMessage={onMessage} compact />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
