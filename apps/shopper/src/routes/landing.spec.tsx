import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readProductRequest } from '@pricehunt/direct-url';
import { renderWithProviders } from '../testing/render-with-providers';
import LandingPage, { INVALID_URL_MESSAGE } from './landing';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

function location() {
  return screen.getByTestId('location').textContent ?? '';
}

describe('landing page', () => {
  it('has one search box named "Paste a product link or search" and a "Compare prices" button', () => {
    renderWithProviders(<LandingPage />);
    expect(screen.getByRole('textbox', { name: 'Paste a product link or search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compare prices' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the invalid-link message above the form for ?error=invalid-url', () => {
    renderWithProviders(<LandingPage />, { route: '/?error=invalid-url' });
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_URL_MESSAGE);
  });

  it('turns a pasted link into /new-search/{id}/{slug} with the url stored for that request', async () => {
    renderWithProviders(<LandingPage />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Paste a product link or search' }), 'https://www.amazon.com/dp/B09XS7JWHH');
    await userEvent.click(screen.getByRole('button', { name: 'Compare prices' }));
    await waitFor(() => expect(location()).toMatch(new RegExp(`^/new-search/${UUID}/amazon-com-b09xs7jwhh$`)));
    const requestId = location().split('/')[2] as string;
    expect(readProductRequest(requestId)).toEqual({ url: 'https://www.amazon.com/dp/B09XS7JWHH', timestamp: expect.any(Number) });
  });

  it('turns words into a text search through the same request-id flow', async () => {
    renderWithProviders(<LandingPage />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Paste a product link or search' }), 'Sony WH-1000XM5{Enter}');
    await waitFor(() => expect(location()).toMatch(new RegExp(`^/new-search/${UUID}/sony-wh-1000xm5$`)));
    const requestId = location().split('/')[2] as string;
    expect(readProductRequest(requestId)).toEqual({ query: 'Sony WH-1000XM5', timestamp: expect.any(Number) });
  });

  it('sends a link that does not parse to /?error=invalid-url', async () => {
    renderWithProviders(<LandingPage />, { route: '/landing2' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Paste a product link or search' }), 'https://exa mple.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Compare prices' }));
    await waitFor(() => expect(location()).toBe('/?error=invalid-url'));
  });

  it('asks for input when the box is empty', async () => {
    renderWithProviders(<LandingPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Compare prices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste a product link or type the product you are looking for.');
    expect(screen.getByRole('textbox', { name: 'Paste a product link or search' })).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/');
  });
});
