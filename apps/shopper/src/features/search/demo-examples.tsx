import { startUrlSearch } from '@pricehunt/direct-url';
import type { OfferView } from '@pricehunt/contracts';
import { useNavigate } from 'react-router-dom';
import { useAsync } from '../../lib/use-async';
import { browse, getProduct } from './api';

export interface DemoExample {
  productTitle: string;
  offer: OfferView;
}

const EXAMPLE_COUNT = 3;

/** The `useAsync` key of the examples (the server renders the landing page with them). */
export const DEMO_EXAMPLES_KEY = 'demo-examples';

/** A few products sold by several retailers, each with the link of its dearest offer (so the comparison shows a saving). */
export async function loadDemoExamples(signal?: AbortSignal): Promise<DemoExample[]> {
  const page = await browse({ sort: 'offers', pageSize: EXAMPLE_COUNT, page: 1 }, signal);
  // A line's versions are one entry of the page: its first version is its example.
  const lines = new Set<string>();
  const firsts = page.items.filter((item) => (item.line ? !lines.has(item.line.key) && lines.add(item.line.key) : true));
  const details = await Promise.all(firsts.filter((item) => item.offerCount > 1).slice(0, EXAMPLE_COUNT).map((item) => getProduct(item.id, signal)));
  return details.flatMap((detail) => {
    const dearest = [...detail.offers].sort((a, b) => b.totalCents - a.totalCents)[0];
    return dearest ? [{ productTitle: detail.product.title, offer: dearest }] : [];
  });
}

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.length > 28 ? `${parsed.pathname.slice(0, 27)}…` : parsed.pathname;
    return `${parsed.hostname.replace(/^www\./, '')}${path}`;
  } catch {
    return url;
  }
}

/** Example product links from the demo catalog; choosing one runs it like a pasted link. */
export default function DemoExamples() {
  const navigate = useNavigate();
  const examples = useAsync(DEMO_EXAMPLES_KEY, loadDemoExamples);
  if (examples.status !== 'success' || examples.data.length === 0) return null;
  return (
    <div className="ph-examples">
      <h2 className="ph-examples__title" id="examples-heading">
        Try an example link
      </h2>
      <ul className="ph-examples__list" aria-labelledby="examples-heading">
        {examples.data.map(({ productTitle, offer }) => (
          <li key={offer.id}>
            <button
              type="button"
              className="ph-example"
              onClick={() => startUrlSearch(offer.url, (to, options) => { navigate(to, { state: options?.state }); })}
            >
              <span className="ph-example__title">{productTitle}</span>
              <span className="ph-example__url">
                {offer.retailer.name} · {shortUrl(offer.url)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
