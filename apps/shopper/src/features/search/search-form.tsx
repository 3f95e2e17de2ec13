import type { ProductSummary } from '@pricehunt/contracts';
import { Button, handleAsync } from '@pricehunt/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../lib/format';
import { bestPriceConditionText } from './describe';
import { ProductImage } from './product-image';
import { loadDirectUrl, useSearchStart, useSuggestionList } from './use-search-box';

export { EMPTY_SEARCH_ERROR } from './use-search-box';

export const SEARCH_LABEL = 'Paste a product link or search';
export const SEARCH_BUTTON = 'Compare prices';

export interface SearchFormProps {
  defaultValue?: string;
  size?: 'hero' | 'compact';
  autoFocus?: boolean;
}

/** The words in the search box, and the box itself. */
export function useBoxValue(defaultValue: string) {
  const [value, setValue] = useState(defaultValue);
  const inputRef = useRef<HTMLInputElement>(null);
  // Words typed while the app was taking over the server's page are in the box, not in the state: keep them (the next
  // render would otherwise put the state's words back).
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== defaultValue) setValue(typed);
    // Once, right after the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { value, setValue, inputRef };
}

function SearchIcon() {
  return (
    <svg className="ph-search__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
      <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

interface SuggestionListProps {
  id: string;
  suggestions: ProductSummary[];
  expanded: boolean;
  active: number;
  optionId(index: number): string;
  pick(product: ProductSummary): Promise<void>;
}

/** The suggested products under the box (hidden, and empty, while the list is closed). */
function SuggestionList({ id, suggestions, expanded, active, optionId, pick }: SuggestionListProps) {
  return (
    <ul id={id} className="ph-suggestions" role="listbox" aria-label="Suggested products" hidden={!expanded}>
      {expanded
        ? suggestions.map((product, index) => (
            <li
              key={product.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="ph-suggestions__option"
              // Picking happens before the box loses focus (which closes the list).
              onMouseDown={(event) => {
                event.preventDefault();
                void pick(product);
              }}
            >
              {/* The option's name is its text: the picture adds nothing to it. */}
              <ProductImage src={product.imageUrl} alt="" size="xs" eager />
              <span className="ph-suggestions__text">
                <span className="ph-suggestions__title">{product.title}</span>
                <span className="ph-suggestions__meta">
                  {product.bestPriceCents !== null ? `${bestPriceConditionText(product) ?? ''} from ${formatMoney(product.bestPriceCents, product.currency)} · `.trimStart() : ''}
                  {product.offerCount === 1 ? '1 offer' : `${product.offerCount} offers`}
                </span>
              </span>
            </li>
          ))
        : null}
    </ul>
  );
}

/**
 * The one search box: a pasted product link starts the direct-URL flow (SPEC §2); words start a text search
 * through the same request-id flow. Either way the shopper lands on /new-search/{requestId}/{slug}.
 * While words are typed, it suggests products (a combobox: arrow keys or the pointer pick one, Escape closes the
 * list); picking one compares that product's prices.
 */
export function SearchForm({ defaultValue = '', size = 'hero', autoFocus = false }: SearchFormProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const { value, setValue, inputRef } = useBoxValue(defaultValue);
  const { error, busy, start } = useSearchStart();
  const list = useSuggestionList(value);
  const { expanded, active } = list;
  const listId = `${inputId}-suggestions`;
  const optionId = (index: number) => `${inputId}-suggestion-${index}`;

  async function search(text: string) {
    list.closeList();
    await start(text);
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The box's own words: a search sent while the app was taking over the server's page reaches here before the state
    // has caught up with what was typed.
    await search(inputRef.current?.value ?? value);
  }
  /** A suggestion's exact title is that product's name: its comparison opens. */
  async function pick(product: ProductSummary) {
    setValue(product.title);
    await search(product.title);
  }

  return (
    // action/method: before the app has taken over a server-rendered page, the browser sends the words to /search itself.
    <form className={`ph-search ph-search--${size}`} role="search" action="/search" method="get" onSubmit={handleAsync(submit, 'The search could not start:')} noValidate>
      <label className={size === 'hero' ? 'ph-search__label' : 'ph-visually-hidden'} htmlFor={inputId}>
        {SEARCH_LABEL}
      </label>
      <div className="ph-search__row">
        <div className="ph-search__combo">
          <SearchIcon />
          <input
            ref={inputRef}
            id={inputId}
            className="ph-search__input"
            type="text"
            name="q"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              list.typed();
            }}
            onKeyDown={(event) => list.onKeyDown(event, pick)}
            onBlur={list.closeList}
            onFocus={() => void loadDirectUrl().catch(() => undefined)}
            placeholder="https://www.amazon.com/dp/… or “noise cancelling headphones”"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            autoFocus={autoFocus}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <SuggestionList id={listId} suggestions={list.suggestions} expanded={expanded} active={active} optionId={optionId} pick={pick} />
        </div>
        <Button type="submit" size={size === 'hero' ? 'lg' : 'md'} loading={busy} className="ph-search__button">
          {SEARCH_BUTTON}
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="ph-search__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
