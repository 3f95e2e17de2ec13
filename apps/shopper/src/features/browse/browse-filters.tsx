import { BROWSE_CONDITIONS, type BrowseCondition, type BrowseResponse } from '@pricehunt/contracts';
import { Button } from '@pricehunt/ui';
import { useId, useState, type FormEvent } from 'react';
import { BROWSE_FILTER_PARAMS, priceOf, type BrowseRequest, type BrowseSort } from './browse-request';

const CONDITION_LABELS: Record<BrowseCondition, string> = { new: 'New', used: 'Used', refurbished: 'Refurbished' };

type FilterName = (typeof BROWSE_FILTER_PARAMS)[number];
export type QueryChange = { sort?: BrowseSort; page?: number } & { [name in FilterName]?: string | number | boolean | null };

/** A yes/no filter as a checkbox: on puts `name=1` in the address, off takes it out. */
function FilterCheck({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="ph-browse__check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}

/**
 * A filter as a menu: "any" first, then the values the products take with their counts; a value the address asks for
 * that the list lacks is kept, so the menu shows what filters the page.
 */
function FilterSelect({ label, any, value, options, onChange }: { label: string; any: string; value: string | null; options: ReadonlyArray<{ value: string; label: string }>; onChange: (value: string | null) => void }) {
  const id = useId();
  return (
    <div className="ph-select">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{any}</option>
        {value && !options.some((option) => option.value === value) ? <option value={value}>{value}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The price range form: both ends optional, checked here before the address changes. */
function PriceRange({ min, max, onApply }: { min?: number; max?: number; onApply: (range: { min?: number; max?: number }) => void }) {
  const id = useId();
  const [low, setLow] = useState(min === undefined ? '' : String(min));
  const [high, setHigh] = useState(max === undefined ? '' : String(max));
  const [error, setError] = useState<{ field: 'min' | 'max'; message: string } | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const from = priceOf(low);
    const to = priceOf(high);
    if (low.trim() !== '' && from === undefined) return setError({ field: 'min', message: 'Min price must be a number of at least 0.' });
    if (high.trim() !== '' && to === undefined) return setError({ field: 'max', message: 'Max price must be a number of at least 0.' });
    if (from !== undefined && to !== undefined && to < from) return setError({ field: 'max', message: 'Max price must be at least the min price.' });
    setError(null);
    onApply({ min: from, max: to });
  };
  return (
    <form className="ph-price-range" onSubmit={submit} noValidate aria-label="Price range">
      <label htmlFor={`${id}-min`}>Min $</label>
      <input id={`${id}-min`} inputMode="decimal" value={low} onChange={(event) => setLow(event.target.value)} aria-invalid={error?.field === 'min' ? true : undefined} size={7} />
      <label htmlFor={`${id}-max`}>Max $</label>
      <input id={`${id}-max`} inputMode="decimal" value={high} onChange={(event) => setHigh(event.target.value)} aria-invalid={error?.field === 'max' ? true : undefined} size={7} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
      {error ? (
        <p className="ph-field-error" role="alert">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}

interface BrowseFiltersProps {
  query: BrowseRequest['query'];
  filtered: boolean;
  /** The products' answer, once there: the brands, stores and attributes to filter by. */
  answer: BrowseResponse | undefined;
  setQuery(change: QueryChange): void;
  clearFilters(): void;
}

/** The filters of the products: brand, store, condition, each attribute, stock, shipping and the price range. */
export function BrowseFilters({ query, filtered, answer, setQuery, clearFilters }: BrowseFiltersProps) {
  const { brand, store, condition, inStock, freeShipping, minPrice, maxPrice } = query;
  const brands = answer?.brands ?? [];
  const stores = answer?.stores ?? [];
  const attributes = answer?.attributes ?? [];
  // The brand as the catalog spells it (the address may say "sony" for "Sony").
  const selectedBrand = (answer ? answer.brand : brand) ?? '';
  return (
    <div className="ph-browse__filters">
      <FilterSelect label="Brand" any="All brands" value={selectedBrand || null} options={brands.map((b) => ({ value: b.name, label: `${b.name} (${b.count})` }))} onChange={(value) => setQuery({ brand: value, page: 1 })} />
      <FilterSelect label="Store" any="All stores" value={store ?? null} options={stores.map((entry) => ({ value: entry.id, label: `${entry.name} (${entry.count})` }))} onChange={(value) => setQuery({ store: value, page: 1 })} />
      <FilterSelect label="Condition" any="Any condition" value={condition ?? null} options={BROWSE_CONDITIONS.map((value) => ({ value, label: CONDITION_LABELS[value] }))} onChange={(value) => setQuery({ condition: value, page: 1 })} />
      {attributes.map((attribute) => (
        <FilterSelect
          key={attribute.key}
          label={attribute.name}
          any={`Any ${attribute.name.toLowerCase()}`}
          value={query[attribute.key] ?? null}
          options={attribute.values.map((entry) => ({ value: entry.value, label: `${entry.value} (${entry.count})` }))}
          onChange={(value) => setQuery({ [attribute.key]: value, page: 1 })}
        />
      ))}
      <FilterCheck label="In stock" checked={inStock === true} onChange={(checked) => setQuery({ inStock: checked, page: 1 })} />
      <FilterCheck label="Free shipping" checked={freeShipping === true} onChange={(checked) => setQuery({ freeShipping: checked, page: 1 })} />
      <PriceRange key={`${minPrice ?? ''}-${maxPrice ?? ''}`} min={minPrice} max={maxPrice} onApply={({ min, max }) => setQuery({ minPrice: min ?? null, maxPrice: max ?? null, page: 1 })} />
      {filtered ? (
        <button type="button" className="ph-text-button" onClick={clearFilters}>
          Clear filters
        </button>
      ) : null}
    </div>
  );
}
