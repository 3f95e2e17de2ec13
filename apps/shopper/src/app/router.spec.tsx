import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from './router';

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Probe />
    </MemoryRouter>,
  );
}

describe('routes', () => {
  it('shows the landing skeleton, then the landing page at /', async () => {
    renderAt('/');
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveAttribute('data-variant', 'landing');
    expect(await screen.findByRole('textbox', { name: 'Paste a product link or search' })).toBeInTheDocument();
  });

  it('turns /https://… into a search at /new-search/{id}/{slug}', async () => {
    renderAt('/https://www.amazon.com/dp/B09XS7JWHH');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/new-search\/[0-9a-f-]{36}\/amazon-com-b09xs7jwhh$/));
  });

  it('sends /https://<not a url> to /?error=invalid-url', async () => {
    renderAt('/https://not%20a%20url');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/?error=invalid-url'));
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for a product' })).toHaveAttribute('href', '/');
  });

  it('has a main navigation with Browse, History and Favorites', async () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Browse');
    expect(screen.getByRole('link', { name: 'PriceHunt home' })).toHaveAttribute('href', '/');
    await screen.findByRole('textbox', { name: 'Paste a product link or search' });
  });
});
