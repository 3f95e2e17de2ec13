import { errorResponse, jsonResponse } from '@pricehunt/api-client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../testing/render-with-providers';
import TrackingTestPage from './tracking-test';

describe('tracking diagnostics', () => {
  it('shows the session id and captured UTM values, and what the API answered to a test event and a test referral', async () => {
    sessionStorage.setItem('pricehunt_utm_params', JSON.stringify({ source: 'newsletter', campaign: 'spring' }));
    const api = mockApi({
      'POST /api/track-event': jsonResponse({ success: true, eventId: 'e1' }),
      'POST /api/trackReferral': errorResponse(400, 'VALIDATION_ERROR', 'businessDomain names no registered business', { field: 'businessDomain' }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<TrackingTestPage mode="api" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Real tracking test' })).toBeInTheDocument();
    const session = screen.getByRole('region', { name: 'Session' });
    expect(within(session).getByText(sessionStorage.getItem('pricehunt_session_id') as string)).toBeInTheDocument();
    expect(within(session).getByText('newsletter')).toBeInTheDocument();
    expect(within(session).getByText('spring')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));
    const log = screen.getByRole('list', { name: 'Results' });
    expect(await within(log).findByText('The API stored the event.')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/track-event')[0]?.body).toMatchObject({ eventType: 'test_event', eventData: { sessionId: sessionStorage.getItem('pricehunt_session_id') } });

    await userEvent.click(screen.getByRole('button', { name: 'Send test referral' }));
    expect(await within(log).findByText(/Failed: businessDomain names no registered business\. The shopper would still go to https:\/\/demo-store\.myshopify\.com/)).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
