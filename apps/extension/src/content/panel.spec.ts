import { ADDRESSES, answerFor, PAGE_URL } from '../testing';
import { comparisonOf, type Comparison } from '../lib/comparison';
import type { WatchReply } from '../lib/messages';
import { mountPanel, PANEL_ATTRIBUTE } from './panel';

const comparison = comparisonOf(answerFor(), ADDRESSES, PAGE_URL) as Comparison;
const rootOf = (host: HTMLElement) => host.shadowRoot as ShadowRoot;
const text = (host: HTMLElement, selector: string) => rootOf(host).querySelector(selector)?.textContent;

describe('the panel', () => {
  afterEach(() => document.body.replaceChildren());

  it('lives in a shadow root under one host element carrying data-pricehunt-panel, and replaces an older panel', () => {
    mountPanel(document, comparison, { watch: jest.fn() });
    const host = mountPanel(document, comparison, { watch: jest.fn() });
    expect(document.querySelectorAll(`[${PANEL_ATTRIBUTE}]`)).toHaveLength(1);
    expect(host.tagName).toBe('PRICEHUNT-PANEL');
    expect(host.getAttribute('style')).toContain('position: fixed !important');
    // Nothing of the panel is in the page's own tree: its styles and text are inside the shadow root.
    expect(host.childNodes).toHaveLength(0);
    expect(rootOf(host).querySelector('style')?.textContent).toContain('.panel');
  });

  it('shows the other stores, the best price and the saving, with links through /api/redirect and to the comparison', () => {
    const host = mountPanel(document, comparison, { watch: jest.fn() });
    expect(text(host, '[data-field="stores"]')).toBe('Sold by 2 other stores');
    expect(text(host, '[data-field="best-price"]')).toBe('$109.99');
    expect(text(host, '[data-field="saving"]')).toBe('Save $20.00 vs this page');
    const links = [...rootOf(host).querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('rel')]);
    expect(links).toEqual([
      ['Go to Walmart', expect.stringMatching(/^https:\/\/api\.pricehunt\.test\/api\/redirect\?to=.*&source=extension&/), 'noopener noreferrer'],
      ['Compare all prices', comparison.comparisonUrl, 'noopener noreferrer'],
    ]);
  });

  it('says so when no other store sells it, and when the page has the best price', () => {
    const host = mountPanel(document, { ...comparison, storeCount: 1, savingCents: -500 }, { watch: jest.fn() });
    expect(text(host, '[data-field="stores"]')).toBe('Sold by 1 other store');
    expect(text(host, '[data-field="saving"]')).toBe('This page has the best price');
    const none = mountPanel(document, { ...comparison, storeCount: 0, best: null, savingCents: null, offers: [] }, { watch: jest.fn() });
    expect(text(none, '[data-field="stores"]')).toBe('No other store sells this now');
    expect(rootOf(none).querySelector('[data-field="best-price"]')).toBeNull();
  });

  it('watches the product; signed out it asks for an email address and sends it', async () => {
    const replies: WatchReply[] = [
      { ok: false, needsEmail: true, error: 'email is required' },
      { ok: true, status: 'pending', message: 'Check your inbox to start the watch.' },
    ];
    const watch = jest.fn(async () => replies.shift() as WatchReply);
    const host = mountPanel(document, comparison, { watch });
    const root = rootOf(host);
    const form = root.querySelector('form') as HTMLFormElement;
    expect(form.hidden).toBe(true);
    (root.querySelector('button.watch') as HTMLButtonElement).click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(watch).toHaveBeenLastCalledWith(undefined);
    expect(form.hidden).toBe(false);
    expect(root.querySelector('[role="status"]')?.textContent).toContain('give your email');

    (form.querySelector('input') as HTMLInputElement).value = ' me@example.com ';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(watch).toHaveBeenLastCalledWith('me@example.com');
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Check your inbox to start the watch.');
    expect(root.querySelector('button.watch')?.textContent).toBe('Check your email');
  });

  it('closes', () => {
    const host = mountPanel(document, comparison, { watch: jest.fn() });
    (rootOf(host).querySelector('button.close') as HTMLButtonElement).click();
    expect(document.querySelector(`[${PANEL_ATTRIBUTE}]`)).toBeNull();
  });
});
