import type { ProductSummary } from '@pricehunt/contracts';
import { Button } from '@pricehunt/ui';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../lib/format';
import { bestPriceConditionText } from './describe';
import { classifySearchInput } from './search-input';
import { ProductImage } from './product-image';
import { useSuggestions } from './use-suggestions';

export const SEARCH_LABEL = 'Paste a product link or search';
export const SEARCH_BUTTON = 'Compare prices';
export const EMPTY_SEARCH_ERROR = 'Paste a product link or type the product you are looking for.';

// The direct-URL flow (request id, slug, session record) loads on first use, keeping it out of the landing's initial JavaScript.
const loadDirectUrl = () => import('./direct-url-flow');

export interface SearchFormProps {
  defaultValue?: string;
  size?: 'hero' | 'compact';
  autoFocus?: boolean;
}

/**
 * The one search box: a pasted product link starts the direct-URL flow (SPEC §2); words start a text search
 * through the same request-id flow. Either way the shopper lands on /new-search/{requestId}/{slug}.
 * While words are typed, it suggests products (a combobox: arrow keys or the pointer pick one, Escape closes the
 * list); picking one compares that product's prices.
 */
export function SearchForm({ defaultValue = '', size = 'hero', autoFocus = false }: SearchFormProps) {
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = `${inputId}-error`;
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The suggestions list: open while the shopper types in the box, closed by Escape, a pick, leaving the box or a search.
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value, listOpen);
  const expanded = listOpen && suggestions.length > 0;
  const listId = `${inputId}-suggestions`;
  const optionId = (index: number) => `${inputId}-suggestion-${index}`;

  function closeList() {
    setListOpen(false);
    setActive(-1);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await start(value);
  }

  /** A suggestion's exact title is that product's name: its comparison opens. */
  async function pick(product: ProductSummary) {
    setValue(product.title);
    await start(product.title);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      closeList();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!listOpen) setListOpen(true);
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the box, down goes to the first suggestion and up to the last; past either end, back to the box.
      setActive((current) => {
        const next = current + step;
        if (current === -1) return step === 1 ? 0 : suggestions.length - 1;
        return next < 0 || next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      const product = suggestions[active];
      if (!product) return;
      event.preventDefault();
      void pick(product);
    }
  }

  async function start(text: string) {
    closeList();
    const input = classifySearchInput(text);
    if (input.kind === 'empty') {
      setError(EMPTY_SEARCH_ERROR);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { startTextSearch, startUrlSearch } = await loadDirectUrl();
      // A search from the form is a new page in the history (back returns here); only the error path replaces.
      const go = (to: string, options?: { replace?: boolean; state?: unknown }) =>
        navigate(to, { state: options?.state, replace: to.startsWith('/?') ? true : false });
      if (input.kind === 'url') startUrlSearch(input.url, go);
      else startTextSearch(input.query, go);
    } catch (caught) {
      console.error('The search could not start:', caught);
      setError('The search could not start. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    // action/method: before the app has taken over a server-rendered page, the browser sends the words to /search itself.
    <form className={`ph-search ph-search--${size}`} role="search" action="/search" method="get" onSubmit={submit} noValidate>
      <label className={size === 'hero' ? 'ph-search__label' : 'ph-visually-hidden'} htmlFor={inputId}>
        {SEARCH_LABEL}
      </label>
      <div className="ph-search__row">
        <div className="ph-search__combo">
          <svg className="ph-search__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
            <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
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
              setListOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={closeList}
            onFocus={() => void loadDirectUrl().catch(() => undefined)}
            placeholder="https://www.amazon.com/dp/… or “noise cancelling headphones”"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            autoFocus={autoFocus}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <ul id={listId} className="ph-suggestions" role="listbox" aria-label="Suggested products" hidden={!expanded}>
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
