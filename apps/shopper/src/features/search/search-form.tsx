import { Button } from '@pricehunt/ui';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { classifySearchInput } from './search-input';

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
 */
export function SearchForm({ defaultValue = '', size = 'hero', autoFocus = false }: SearchFormProps) {
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [value, setValue] = useState(defaultValue);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = classifySearchInput(value);
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
    <form className={`ph-search ph-search--${size}`} role="search" onSubmit={submit} noValidate>
      <label className={size === 'hero' ? 'ph-search__label' : 'ph-visually-hidden'} htmlFor={inputId}>
        {SEARCH_LABEL}
      </label>
      <div className="ph-search__row">
        <svg className="ph-search__icon" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={inputId}
          className="ph-search__input"
          type="text"
          name="q"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onFocus={() => void loadDirectUrl().catch(() => undefined)}
          placeholder="https://www.amazon.com/dp/… or “noise cancelling headphones”"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
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
