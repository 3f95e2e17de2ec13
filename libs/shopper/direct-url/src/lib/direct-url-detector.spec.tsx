import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useNavigationType, useParams } from 'react-router-dom';
import { readProductRequest } from './direct-url';
import { DirectUrlDetector, useDirectUrlDetector } from './direct-url-detector';

function SearchPage() {
  const { requestId = '', slug } = useParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const record = readProductRequest(requestId);
  return (
    <main>
      <h1>Results for {slug}</h1>
      <p>Request url: {record && 'url' in record ? record.url : 'none'}</p>
      <p>Arrived by {navigationType}</p>
      <p>State url: {(location.state as { productRequest?: { url?: string } } | null)?.productRequest?.url ?? 'none'}</p>
      <button
        onClick={() => {
          navigate(-1);
        }}
      >
        Back
      </button>
    </main>
  );
}

function LandingPage() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const error = new URLSearchParams(location.search).get('error');
  return (
    <DirectUrlDetector>
      <h1>Find a better price</h1>
      <p>Landing arrived by {navigationType}</p>
      {error === 'invalid-url' ? <p role="alert">That link is not a product URL.</p> : null}
    </DirectUrlDetector>
  );
}

function HookPage() {
  const { isProcessing, productUrl } = useDirectUrlDetector();
  return <p>{isProcessing ? `Working on ${productUrl}` : 'Idle'}</p>;
}

function App({ entries }: { entries: string[] }) {
  return (
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/new-search/:requestId/:slug" element={<SearchPage />} />
        <Route path="/hook/*" element={<HookPage />} />
        <Route path="*" element={<DirectUrlDetector />} />
      </Routes>
    </MemoryRouter>
  );
}

const requestKeys = () => Object.keys(sessionStorage).filter((key) => key.startsWith('pricehunt_product_request_'));

describe('DirectUrlDetector in a memory router', () => {
  it('step 1: first paints "Processing URL..." as a status for a path that carries a product URL', () => {
    // Server rendering runs no effects: what the shopper sees before the detector has navigated.
    const html = renderToString(<App entries={['/https:/www.amazon.com/dp/B09XS7JWHH']} />);
    document.body.innerHTML = html;
    expect(screen.getByRole('status')).toHaveTextContent('Processing URL...');
    document.body.innerHTML = '';
  });

  it('step 2: a collapsed /https:/ path becomes a new search with the URL stored, replacing the entry', async () => {
    render(<App entries={['/', '/https:/www.amazon.com/dp/B09XS7JWHH?th=1']} />);
    expect(await screen.findByRole('heading', { name: 'Results for amazon-com-b09xs7jwhh' })).toBeInTheDocument();
    expect(screen.getByText('Request url: https://www.amazon.com/dp/B09XS7JWHH?th=1')).toBeInTheDocument();
    expect(screen.getByText('State url: https://www.amazon.com/dp/B09XS7JWHH?th=1')).toBeInTheDocument();
    expect(screen.getByText('Arrived by REPLACE')).toBeInTheDocument();
    expect(requestKeys()).toHaveLength(1);
    expect(requestKeys()[0]).toMatch(/^pricehunt_product_request_[0-9a-f-]{36}$/);
    // The pasted-URL entry was replaced: going back lands on the page before it.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Find a better price' })).toBeInTheDocument();
  });

  it('step 2: a full /https:// path works the same', async () => {
    render(<App entries={['/https://www.walmart.com/ip/Apple-AirPods/123456']} />);
    expect(await screen.findByRole('heading', { name: 'Results for walmart-com-123456' })).toBeInTheDocument();
  });

  it('step 3: a URL that does not parse goes, replacing, to /?error=invalid-url without storing anything', async () => {
    render(<App entries={['/https:/']} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('That link is not a product URL.');
    expect(screen.getByText('Landing arrived by REPLACE')).toBeInTheDocument();
    expect(requestKeys()).toHaveLength(0);
  });

  it('shows its children and does nothing on a path without a product URL', () => {
    render(<App entries={['/?q=tv']} />);
    expect(screen.getByRole('heading', { name: 'Find a better price' })).toBeInTheDocument();
    expect(screen.getByText('Landing arrived by POP')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(requestKeys()).toHaveLength(0);
  });

  it('creates one request even when effects run twice in strict mode', async () => {
    render(
      <StrictMode>
        <App entries={['/https:/www.amazon.com/dp/B09XS7JWHH']} />
      </StrictMode>,
    );
    await screen.findByRole('heading', { name: 'Results for amazon-com-b09xs7jwhh' });
    expect(requestKeys()).toHaveLength(1);
  });
});

describe('useDirectUrlDetector', () => {
  it('reports the product URL it is processing before navigating', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/hook/x']}>
        <Routes>
          <Route path="*" element={<HookPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(html).toContain('Idle');
    const processing = renderToString(
      <MemoryRouter initialEntries={['/https:/www.ebay.com/itm/42']}>
        <Routes>
          <Route path="*" element={<HookPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(processing).toContain('Working on https://www.ebay.com/itm/42');
  });

  it('runs the search for a page that uses it', async () => {
    render(
      <MemoryRouter initialEntries={['/https:/www.ebay.com/itm/42']}>
        <Routes>
          <Route path="/new-search/:requestId/:slug" element={<SearchPage />} />
          <Route path="*" element={<HookPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Results for ebay-com-42' })).toBeInTheDocument();
    expect(screen.getByText('Arrived by REPLACE')).toBeInTheDocument();
  });

  it('is idle on an ordinary path', () => {
    render(<App entries={['/hook/page']} />);
    expect(screen.getByText('Idle')).toBeInTheDocument();
  });
});
