import { isApiError } from '@pricehunt/api-client';
import { FEED_SOURCE_FORMAT_LABELS, FEED_SOURCE_FORMATS, type AdminRetailer, type FeedSource, type FeedSourceFormat } from '@pricehunt/contracts';
import { Button, Card, SelectField, TextField } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { useRetailers } from '../../lib/admin-api';
import { useCreateFeedSource } from './api';
import { DEFAULT_INTERVAL, IntervalField, intervalMinutesOf, type IntervalValue } from './interval-field';

const NEW_RETAILER = '__new__';
const FIELDS = ['url', 'format', 'retailerId', 'retailerName', 'intervalMinutes'] as const;

/**
 * "Add source": the feed's URL and format, its retailer (one of the catalog's, or a new name) and its interval. The
 * API checks it all; its messages are shown under the field they name, the rest above the button.
 */
export function AddSourceCard({ sources, onAdded }: { sources: readonly FeedSource[]; onAdded(source: FeedSource): void }) {
  const retailers = useRetailers();
  const create = useCreateFeedSource();
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<FeedSourceFormat>('gmc-tsv');
  const [retailer, setRetailer] = useState('');
  const [retailerName, setRetailerName] = useState('');
  const [interval, setIntervalValue] = useState<IntervalValue>(DEFAULT_INTERVAL);
  const [retailerMissing, setRetailerMissing] = useState(false);

  const items = retailers.data?.items ?? [];
  // With no retailer in the catalog yet, a new one is the only choice.
  const choice = items.length === 0 && retailer === '' ? NEW_RETAILER : retailer;
  const withSource = new Set(sources.map((source) => source.retailerId));

  const error = create.error;
  const fieldError = (field: (typeof FIELDS)[number]) => (isApiError(error) ? error.fieldMessage(field) : undefined);
  const namedField = isApiError(error) && FIELDS.some((field) => error.fieldMessage(field) !== undefined);
  const retailerError = retailerMissing ? 'Choose a retailer, or “New retailer…” and type its name' : (fieldError('retailerId') ?? (choice === NEW_RETAILER ? undefined : fieldError('retailerName')));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === '') {
      setRetailerMissing(true);
      return;
    }
    setRetailerMissing(false);
    create.mutate(
      {
        url,
        format,
        ...(choice === NEW_RETAILER ? { retailerName } : { retailerId: choice }),
        intervalMinutes: intervalMinutesOf(interval),
      },
      {
        onSuccess: (answer) => {
          setUrl('');
          setRetailer('');
          setRetailerName('');
          onAdded(answer.source);
        },
      },
    );
  };

  return (
    <Card title="Add source" id="add-source">
      <form className="adm-form adm-source-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Feed URL"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          hint="The feed's http(s) address; for a Shopify store, the store's address (https://shop.example.com)."
          error={fieldError('url')}
        />
        <FormatSelect value={format} onChange={setFormat} error={fieldError('format')} />
        <RetailerSelect choice={choice} items={items} withSource={withSource} error={retailerError} onChoose={(value) => {
            setRetailer(value);
            setRetailerMissing(false);
          }} />
        {choice === NEW_RETAILER ? (
          <TextField label="New retailer name" value={retailerName} onChange={(event) => setRetailerName(event.target.value)} error={fieldError('retailerName')} />
        ) : null}
        <IntervalField value={interval} onChange={setIntervalValue} error={fieldError('intervalMinutes')} />
        {error && !namedField ? (
          <p role="alert" className="adm-error">
            {error.message}
          </p>
        ) : null}
        <Button type="submit" loading={create.isPending}>
          Add source
        </Button>
      </form>
    </Card>
  );
}

/** The retailer the feed is of: one of the catalog's (those with a source say so), or a new one. */
function RetailerSelect({ choice, items, withSource, error, onChoose }: { choice: string; items: readonly AdminRetailer[]; withSource: ReadonlySet<string>; error: string | undefined; onChoose(value: string): void }) {
  return (
    <SelectField
      label="Retailer"
      value={choice}
      onChange={(event) => onChoose(event.target.value)}
      hint="The retailer whose offers the feed lists. A retailer has one source."
      error={error}
    >
      <option value="">Choose a retailer…</option>
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {withSource.has(item.id) ? `${item.name} (has a source)` : item.name}
        </option>
      ))}
      <option value={NEW_RETAILER}>New retailer…</option>
    </SelectField>
  );
}

/** The feed's format. */
function FormatSelect({ value, onChange, error }: { value: FeedSourceFormat; onChange(format: FeedSourceFormat): void; error: string | undefined }) {
  return (
    <SelectField label="Format" value={value} onChange={(event) => onChange(event.target.value as FeedSourceFormat)} error={error}>
      {FEED_SOURCE_FORMATS.map((option) => (
        <option key={option} value={option}>
          {FEED_SOURCE_FORMAT_LABELS[option]}
        </option>
      ))}
    </SelectField>
  );
}
