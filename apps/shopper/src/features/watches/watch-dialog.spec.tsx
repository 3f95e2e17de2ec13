import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import type { Watch } from '@pricehunt/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { watchOf } from '../../testing/fixtures';
import { mockApi, renderWithProviders } from '../../testing/render-with-providers';
import { WatchButton } from './watch-button';
import { suggestedTarget } from './watch-dialog';
import { readWatchForm, EMPTY_WATCH_FORM, watchFormErrorsOf } from './watch-form';
import { ApiError } from '@pricehunt/api-client';

const user = { id: 'u1', email: 'sam@example.com', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const product = { id: 7, title: 'Sony WH-1000XM5 Wireless Headphones', bestPriceCents: 32_999, currency: 'USD' };


const signedIn = (watches: Watch[] = []) => ({
  'GET /api/shopper/auth/session': jsonResponse({ success: true, user }),
  'GET /api/shopper/history': () => jsonResponse({ success: true, entries: [] }),
  'GET /api/shopper/favorites': () => jsonResponse({ success: true, favorites: [] }),
  'GET /api/shopper/watches': () => jsonResponse({ success: true, watches }),
});

const renderButton = () => renderWithProviders(<WatchButton product={product} />, { app: true });

async function openDialog(name: RegExp | string = 'Watch price') {
  const button = await screen.findByRole('button', { name }, { timeout: 5000 });
  await waitFor(() => expect(button).toBeEnabled(), { timeout: 5000 });
  await userEvent.click(button);
  return screen.findByRole('dialog', { name: /Watch the price|Change your watch/ }, { timeout: 5000 });
}

describe('the watch dialog', () => {
  it('signed in: watches with a target and a webhook, focus starts at the price, and the toast links to the watches', async () => {
    const api = mockApi({
      ...signedIn(),
      'POST /api/shopper/watches': (request) => {
        const body = request.body as { targetPriceCents: number; notify: { webhookUrl: string } };
        return jsonResponse(
          {
            success: true,
            watch: watchOf({
              targetPriceCents: body.targetPriceCents,
              channels: [
                { channel: 'email', target: 'sam@example.com', state: 'ok', failures: 0, lastError: null, lastDeliveredAt: null },
                { channel: 'webhook', target: body.notify.webhookUrl, state: 'ok', failures: 0, lastError: null, lastDeliveredAt: null },
              ],
            }),
          },
          { status: 201 },
        );
      },
    });
    renderButton();
    const dialog = await openDialog();
    const target = within(dialog).getByRole('textbox', { name: 'Target price ($, optional)' });
    expect(target).toHaveFocus();
    // A suggestion under today's best price, as a placeholder only: empty means any drop.
    expect(target).toHaveAttribute('placeholder', 'e.g. 313.00');
    expect(target).toHaveValue('');
    expect(within(dialog).getByText('Tell me about any drop.', { exact: false })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: /Email to sam@example\.com/ })).toBeChecked();
    expect(within(dialog).getByText(/ntfy is a free app/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Your email/ })).not.toBeInTheDocument();

    await userEvent.type(target, '299');
    expect(within(dialog).getByText('Tell me when the best price is $299.00 or less.')).toBeInTheDocument();
    await userEvent.clear(target);
    await userEvent.type(target, '350');
    expect(within(dialog).getByText('Tell me when the best price is $350.00 or less. It is $329.99 already.')).toBeInTheDocument();
    await userEvent.clear(target);
    await userEvent.type(target, '299');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Webhook URL (optional)' }), 'https://hooks.example.com/prices');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Watch price' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/shopper/watches')[0]?.body).toEqual({
      productId: 7,
      targetPriceCents: 29_900,
      notify: { email: true, webhookUrl: 'https://hooks.example.com/prices' },
    });
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    const toast = (await within(notifications).findByText('Watching Sony WH-1000XM5 Wireless Headphones. We will tell you when it is $299.00 or less.')).closest('li') as HTMLElement;
    await userEvent.click(within(toast).getByRole('button', { name: 'See your watches' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/watches');
    // The product is watched now: the button says so and opens the watch.
    expect(await screen.findByRole('button', { name: 'Watching · edit' })).toBeInTheDocument();
  });

  it('asks for the target in the product’s own currency', async () => {
    mockApi(signedIn());
    renderWithProviders(<WatchButton product={{ id: 8, title: 'Kit Jarra com 4 Copos', bestPriceCents: null, currency: 'BRL' }} />, { app: true });
    const dialog = await openDialog();
    const target = within(dialog).getByRole('textbox', { name: 'Target price (R$, optional)' });
    await userEvent.type(target, '30');
    expect(target).toHaveAccessibleDescription('Tell me when the best price is R$30.00 or less.');
  });

  it('checks the fields before sending: a price that is none, a link that is none, no channel at all', async () => {
    const api = mockApi(signedIn());
    renderButton();
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Target price ($, optional)' }), 'cheap');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'ntfy topic URL (optional)' }), 'ntfy.sh/deals');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Email/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Watch price' }));

    const target = within(dialog).getByRole('textbox', { name: 'Target price ($, optional)' });
    expect(target).toHaveAttribute('aria-invalid', 'true');
    expect(target).toHaveAccessibleDescription(/Enter a price above 0, such as 249\.99/);
    expect(target).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'ntfy topic URL (optional)' })).toHaveAccessibleDescription(/Enter the topic’s whole address/);
    expect(within(dialog).queryByText('Choose at least one way to tell you: email, ntfy or a webhook.')).not.toBeInTheDocument();

    // With neither email nor an address, nothing could be told.
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Target price ($, optional)' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'ntfy topic URL (optional)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Watch price' }));
    const email = within(dialog).getByRole('checkbox', { name: /Email/ });
    expect(email).toHaveAccessibleDescription('Choose at least one way to tell you: email, ntfy or a webhook.');
    expect(email).toHaveFocus();
    expect(api.requestsTo('POST /api/shopper/watches')).toHaveLength(0);
  });

  it('shows the API’s error at the field it names', async () => {
    mockApi({
      ...signedIn(),
      'POST /api/shopper/watches': errorResponse(400, 'VALIDATION_ERROR', 'notify.webhookUrl must be a public address', { field: 'notify.webhookUrl' }),
    });
    renderButton();
    const dialog = await openDialog();
    const webhook = within(dialog).getByRole('textbox', { name: 'Webhook URL (optional)' });
    await userEvent.type(webhook, 'http://10.0.0.1/hook');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Watch price' }));
    await waitFor(() => expect(webhook).toHaveAccessibleDescription(/notify\.webhookUrl must be a public address/));
    expect(webhook).toHaveAttribute('aria-invalid', 'true');
    expect(webhook).toHaveFocus();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('signed out: asks for the email address and shows the pending message', async () => {
    const api = mockApi({
      'POST /api/shopper/watches': jsonResponse({ success: true, pending: true, message: 'Check your inbox: we have sent a link to sam@example.com to start watching.' }, { status: 202 }),
    });
    renderButton();
    const dialog = await openDialog();
    expect(within(dialog).getByText('We will email you a link to confirm. Nothing is watched until you open it.')).toBeInTheDocument();
    // The address comes first, and has the keyboard.
    expect(within(dialog).getByRole('textbox', { name: /Your email/ })).toHaveFocus();
    expect(within(dialog).getByRole('checkbox', { name: /Email to the address above/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Email me the link' }));
    const address = within(dialog).getByRole('textbox', { name: /Your email/ });
    expect(address).toHaveAccessibleDescription(/Enter your email address: the confirmation link goes there\./);
    expect(address).toHaveFocus();

    await userEvent.type(address, 'sam@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Email me the link' }));
    const pending = await screen.findByRole('dialog', { name: 'Check your inbox' });
    expect(within(pending).getByRole('status')).toHaveTextContent('Check your inbox: we have sent a link to sam@example.com to start watching.');
    expect(within(pending).getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(api.requestsTo('POST /api/shopper/watches')[0]?.body).toEqual({ productId: 7, targetPriceCents: null, notify: { email: true }, email: 'sam@example.com' });
    await userEvent.click(within(pending).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Signed out, the product is not watched until the link is opened.
    expect(screen.getByRole('button', { name: 'Watch price' })).toBeInTheDocument();
  });

  it('a watched product says so, and its dialog changes the watch; Escape closes and gives the keyboard back', async () => {
    const watched = watchOf({ channels: [{ channel: 'ntfy', target: 'https://ntfy.sh/deals', state: 'ok', failures: 0, lastError: null, lastDeliveredAt: null }] });
    const api = mockApi({ ...signedIn([watched]), [`PATCH /api/shopper/watches/${watched.id}`]: (request) => jsonResponse({ success: true, watch: { ...watched, targetPriceCents: (request.body as { targetPriceCents: number | null }).targetPriceCents } }) });
    renderButton();
    const button = await screen.findByRole('button', { name: 'Watching · edit' }, { timeout: 5000 });
    let dialog = await openDialog('Watching · edit');
    expect(within(dialog).getByRole('heading', { name: 'Change your watch' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Target price ($, optional)' })).toHaveValue('299.00');
    expect(within(dialog).getByRole('checkbox', { name: /Email/ })).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'ntfy topic URL (optional)' })).toHaveValue('https://ntfy.sh/deals');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    dialog = await openDialog('Watching · edit');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Target price ($, optional)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(`PATCH /api/shopper/watches/${watched.id}`)[0]?.body).toEqual({
      targetPriceCents: null,
      notify: { email: false, ntfyUrl: 'https://ntfy.sh/deals', webhookUrl: null },
    });
  });
});

describe('reading the watch form', () => {
  it('suggests a target about 5% under the best price, in whole dollars', () => {
    expect(suggestedTarget(32_999)).toBe('e.g. 313.00');
    expect(suggestedTarget(null)).toBeUndefined();
  });

  it('turns the fields into the contract’s body', () => {
    expect(readWatchForm({ ...EMPTY_WATCH_FORM, target: '$1,249.50', ntfyUrl: ' https://ntfy.sh/a ' }, { signedIn: true })).toEqual({
      request: { targetPriceCents: 124_950, notify: { email: true, ntfyUrl: 'https://ntfy.sh/a', webhookUrl: null } },
    });
    expect(readWatchForm({ ...EMPTY_WATCH_FORM, webhookUrl: 'https://user:pw@example.com/' }, { signedIn: true })).toEqual({
      errors: { webhookUrl: 'Enter an http(s) address, such as https://example.com/hooks/prices.' },
    });
  });

  it('puts each of the API’s details at its field, and a message naming none above the buttons', () => {
    const error = new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Request validation failed',
      details: [
        { field: 'targetPriceCents', message: 'targetPriceCents is too large' },
        { field: 'email', message: 'Enter a valid email' },
      ],
    });
    expect(watchFormErrorsOf(error, 'x')).toEqual({ target: 'targetPriceCents is too large', address: 'Enter a valid email' });
    expect(watchFormErrorsOf(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'No such product' }), 'x')).toEqual({ form: 'No such product' });
    expect(watchFormErrorsOf(new Error('boom'), 'The watch could not be saved.')).toEqual({ form: 'The watch could not be saved.' });
  });
});
