import { isApiError } from '@pricehunt/api-client';
import { FEED_SOURCE_FORMAT_LABELS, FEED_SOURCE_FORMATS, type FeedSource, type FeedSourceFormat } from '@pricehunt/contracts';
import { Button, Card, SelectField, TextField } from '@pricehunt/ui';
import { useState, type FormEvent } from 'react';
import { useRetailers } from '../../lib/admin-api';
import { useCreateFeedSource } from './api';
import { DEFAULT_INTERVAL, IntervalField, intervalMinutesOf, type IntervalValue } from './interval-field';

const NEW_RETAILER = '__new__';
const FIELDS = ['url', 'format', 'retailerId', 'retailerName', 'intervalMinutes'] as const;

type SourceField = (typeof FIELDS)[number];

/** The form's state, the API's messages per field and the submit that creates the source. */
function useAddSourceForm(sources: readonly FeedSource[], onAdded: (source: FeedSource) => void) {
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
  const fieldError = (field: SourceField) => (isApiError(error) ? error.fieldMessage(field) : undefined);
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
  const chooseRetailer = (value: string) => {
    setRetailer(value);
    setRetailerMissing(false);
  };
  return { url, setUrl, format, setFormat, retailerName, setRetailerName, interval, setIntervalValue, items, choice, withSource, chooseRetailer, retailerError, fieldError, namedField, error, create, onSubmit };
}

/**
 * "Add source": the feed's URL and format, its retailer (one of the catalog's, or a new name) and its interval. The
 * API checks it all; its messages are shown under the field they name, the rest above the button.
 */
export function AddSourceCard({ sources, onAdded }: { sources: readonly FeedSource[]; onAdded(source: FeedSource): void }) {
  const form = useAddSourceForm(sources, onAdded);
  const { fieldError, error } = form;
  return (
    <Card title="Add source" id="add-source">
      <form className="adm-form adm-source-form" onSubmit={form.onSubmit} noValidate>
        <TextField
          label="Feed URL"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={form.url}
          onChange={(event) => form.setUrl(event.target.value)}
          hint="The feed's http(s) address; for a Shopify store, the store's address (https://shop.example.com)."
          error={fieldError('url')}
        />
        <SelectField label="Format" value={form.format} onChange={(event) => form.setFormat(event.target.value as FeedSourceFormat)} error={fieldError('format')}>
          {FEED_SOURCE_FORMATS.map((value) => (
            <option key={value} value={value}>
              {FEED_SOURCE_FORMAT_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <RetailerSelect items={form.items} choice={form.choice} withSource={form.withSource} onChoose={form.chooseRetailer} error={form.retailerError} />
        {form.choice === NEW_RETAILER ? (
          <TextField label="New retailer name" value={form.retailerName} onChange={(event) => form.setRetailerName(event.target.value)} error={fieldError('retailerName')} />
        ) : null}
        <IntervalField value={form.interval} onChange={form.setIntervalValue} error={fieldError('intervalMinutes')} />
        {error && !form.namedField ? (
          <p role="alert" className="adm-error">
            {error.message}
          </p>
        ) : null}
        <Button type="submit" loading={form.create.isPending}>
          Add source
        </Button>
      </form>
    </Card>
  );
}

interface RetailerSelectProps {
  items: ReadonlyArray<{ id: string; name: string }>;
  choice: string;
  withSource: ReadonlySet<string>;
  onChoose(value: string): void;
  error: string | undefined;
}

/** The catalog's retailers (those with a source say so), and "New retailer…". */
function RetailerSelect({ items, choice, withSource, onChoose, error }: RetailerSelectProps) {
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
