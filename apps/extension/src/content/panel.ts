import { formatMoney, type Comparison } from '../lib/comparison';
import type { WatchReply } from '../lib/messages';
import { HOST_STYLE, PANEL_STYLE } from './panel-style';

/** The attribute of the panel's host element (the one element the extension adds to a shop's page). */
export const PANEL_ATTRIBUTE = 'data-pricehunt-panel';

export interface PanelActions {
  watch(email?: string): Promise<WatchReply>;
}

type Children = Array<Node | string | null>;

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, props: Record<string, string>, children: Children = []): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(props)) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

function link(doc: Document, href: string, className: string, text: string): HTMLAnchorElement {
  return element(doc, 'a', { href, class: className, target: '_blank', rel: 'noopener noreferrer' }, [text]);
}

/** "Sold by 3 other stores" and its best price, or the news that no other store sells it now. */
function summaryOf(doc: Document, comparison: Comparison): Children {
  const { storeCount, best, currency } = comparison;
  const stores = element(doc, 'p', { class: 'stores', 'data-field': 'stores' }, [
    storeCount === 0 ? 'No other store sells this now' : `Sold by ${storeCount} other ${storeCount === 1 ? 'store' : 'stores'}`,
  ]);
  if (!best) return [stores];
  const price = element(doc, 'span', { class: 'price', 'data-field': 'best-price' }, [formatMoney(best.totalCents, currency)]);
  const bestLine = element(doc, 'p', { class: 'best' }, ['Best: ', price, ` at ${best.store}${best.shippingKnown ? '' : ' + shipping'}`]);
  const saving = comparison.savingCents;
  if (saving === null) return [stores, bestLine];
  const savingText = saving > 0 ? `Save ${formatMoney(saving, currency)} vs this page` : 'This page has the best price';
  return [stores, bestLine, element(doc, 'p', { class: saving > 0 ? 'saving' : 'saving none', 'data-field': 'saving' }, [savingText])];
}

/** The Watch button: asks the API to watch the product; signed out, asks for the address its confirmation goes to. */
function watchControls(doc: Document, actions: PanelActions): { button: HTMLButtonElement; form: HTMLFormElement; status: HTMLElement } {
  const status = element(doc, 'p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const button = element(doc, 'button', { type: 'button', class: 'watch' }, ['Watch']);
  const email = element(doc, 'input', { type: 'email', name: 'email', required: '', placeholder: 'you@example.com', 'aria-label': 'Email for price alerts' });
  const form = element(doc, 'form', { hidden: '' }, [email, element(doc, 'button', { type: 'submit', class: 'watch' }, ['Start watching'])]);
  const send = async (address?: string) => {
    button.disabled = true;
    status.className = 'status';
    status.textContent = 'Saving…';
    const reply = await actions.watch(address).catch((): WatchReply => ({ ok: false, error: 'The watch could not be saved' }));
    status.textContent = reply.ok ? reply.message : reply.needsEmail ? 'Sign in on PriceHunt, or give your email to watch this price.' : reply.error;
    status.className = reply.ok ? 'status' : 'status error';
    if (reply.ok) {
      button.textContent = reply.status === 'watching' ? 'Watching' : 'Check your email';
      form.hidden = true;
      return;
    }
    button.disabled = false;
    if (reply.needsEmail) {
      form.hidden = false;
      email.focus();
    }
  };
  button.addEventListener('click', () => void send());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send(email.value.trim());
  });
  return { button, form, status };
}

/**
 * Adds the panel to a page: one host element carrying `data-pricehunt-panel`, everything else inside its shadow root.
 * A panel already there is replaced. Returns the host element.
 */
export function mountPanel(doc: Document, comparison: Comparison, actions: PanelActions): HTMLElement {
  doc.querySelector(`[${PANEL_ATTRIBUTE}]`)?.remove();
  // An element of its own name, its few outer styles inline and important: no rule of the shop's reaches it.
  const host = doc.createElement('pricehunt-panel');
  host.setAttribute(PANEL_ATTRIBUTE, '');
  host.setAttribute('style', HOST_STYLE);
  const root = host.attachShadow({ mode: 'open' });
  const style = element(doc, 'style', {}, [PANEL_STYLE]);
  const close = element(doc, 'button', { type: 'button', class: 'close', 'aria-label': 'Close PriceHunt' }, ['×']);
  close.addEventListener('click', () => host.remove());
  const watch = watchControls(doc, actions);
  const actionsRow = element(doc, 'div', { class: 'actions' }, [
    comparison.best ? link(doc, comparison.best.link, 'primary', `Go to ${comparison.best.store}`) : null,
    link(doc, comparison.comparisonUrl, 'secondary', 'Compare all prices'),
    watch.button,
  ]);
  const panel = element(doc, 'section', { class: 'panel', role: 'complementary', 'aria-label': 'PriceHunt price comparison' }, [
    element(doc, 'div', { class: 'head' }, [element(doc, 'span', { class: 'brand' }, ['PriceHunt']), close]),
    element(doc, 'p', { class: 'title', title: comparison.title }, [comparison.title]),
    ...summaryOf(doc, comparison),
    actionsRow,
    watch.form,
    watch.status,
  ]);
  root.append(style, panel);
  (doc.body ?? doc.documentElement).append(host);
  return host;
}
