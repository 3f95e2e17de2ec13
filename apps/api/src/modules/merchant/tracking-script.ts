import { createHash } from 'node:crypto';
import { DAY_MS, DEFAULT_ATTRIBUTION_WINDOW_DAYS, TRACKING_SCRIPT_STORAGE_KEY } from '@pricehunt/contracts';

/**
 * The store tracking script served as /t.js. Plain ES5, no dependencies. It
 * - reads `ref` (or `pricehunt_ref`) and the UTM values from the landing URL and keeps them in first-party
 *   localStorage for the attribution window (`data-window` days, DEFAULT_ATTRIBUTION_WINDOW_DAYS by default); a newer ref replaces an older one,
 *   so the last click wins;
 * - reports a page view on load and purchases through `pricehunt('purchase', { orderId, value, currency, items })`
 *   (`items`: the order's lines, `{ productId | sku | url, name, price, quantity }`; calls queued before it loaded are
 *   replayed; a Shopify order-status page is picked up by itself, its line items too) to
 *   /api/track-event with the store domain, by `fetch(..., { keepalive: true })` or `navigator.sendBeacon`;
 * - sends nothing at all when the browser asks not to be tracked (Do Not Track or Global Privacy Control);
 * - reports an order id once per browser (the API also counts a repeated order id once).
 */
const source = `(function (w, d) {
  'use strict';
  var KEY = '${TRACKING_SCRIPT_STORAGE_KEY}', ORDERS = KEY + '_orders', SESSION = 'pricehunt_session_id';
  var script = d.currentScript || (function () { var s = d.querySelectorAll('script[src*="/t.js"]'); return s[s.length - 1]; })();
  var queued = (typeof w.pricehunt === 'function' && w.pricehunt.q) || [];
  var nav = w.navigator || {};
  var dnt = nav.doNotTrack === '1' || nav.doNotTrack === 'yes' || w.doNotTrack === '1' || nav.msDoNotTrack === '1' || nav.globalPrivacyControl === true;
  if (dnt || !script) { w.pricehunt = function () { return false; }; w.pricehunt.disabled = true; return; }
  var endpoint = new URL(script.getAttribute('data-endpoint') || '/api/track-event', script.src).href;
  var domain = (script.getAttribute('data-domain') || w.location.hostname).toLowerCase().replace(/^www\\./, '');
  var windowDays = parseInt(script.getAttribute('data-window') || '${DEFAULT_ATTRIBUTION_WINDOW_DAYS}', 10);
  if (!(windowDays > 0 && windowDays <= 365)) windowDays = ${DEFAULT_ATTRIBUTION_WINDOW_DAYS};
  var now = Date.now();

  function read(store, key) { try { return JSON.parse(store.getItem(key) || 'null'); } catch (e) { return null; } }
  function write(store, key, value) { try { store.setItem(key, JSON.stringify(value)); } catch (e) { /* storage full or blocked */ } }
  function random() {
    if (w.crypto && w.crypto.randomUUID) return w.crypto.randomUUID();
    return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, function (c) { var r = Math.random() * 16 | 0; return (c === 'x' ? r : (r & 3 | 8)).toString(16); });
  }

  var params = new URLSearchParams(w.location.search);
  var ref = params.get('ref') || params.get('pricehunt_ref');
  var attribution = read(w.localStorage, KEY);
  if (attribution && !(attribution.expiresAt > now)) { attribution = null; try { w.localStorage.removeItem(KEY); } catch (e) { /* ignore */ } }
  if (ref && ref.length <= 128) {
    attribution = {
      referralId: ref,
      utmSource: params.get('utm_source'), utmMedium: params.get('utm_medium'), utmCampaign: params.get('utm_campaign'),
      utmTerm: params.get('utm_term'), utmContent: params.get('utm_content'),
      landedAt: now, expiresAt: now + windowDays * ${DAY_MS}
    };
    write(w.localStorage, KEY, attribution);
  }
  var sessionId = null;
  try { sessionId = w.sessionStorage.getItem(SESSION); if (!sessionId) { sessionId = random(); w.sessionStorage.setItem(SESSION, sessionId); } } catch (e) { sessionId = random(); }

  function send(eventType, data) {
    var eventData = { url: w.location.href, sessionId: sessionId, timestamp: new Date().toISOString(), referrer: d.referrer || null };
    for (var k in data) if (Object.prototype.hasOwnProperty.call(data, k)) eventData[k] = data[k];
    if (attribution) {
      eventData.referralId = attribution.referralId;
      eventData.utmSource = attribution.utmSource; eventData.utmMedium = attribution.utmMedium; eventData.utmCampaign = attribution.utmCampaign;
    }
    var body = JSON.stringify({ eventType: eventType, eventData: eventData, businessDomain: domain });
    if (w.fetch) {
      return w.fetch(endpoint, { method: 'POST', body: body, headers: { 'Content-Type': 'application/json' }, keepalive: true, credentials: 'omit', mode: 'cors' })
        .then(function (res) { return res.ok; }, function () { return false; });
    }
    return Promise.resolve(!!(nav.sendBeacon && nav.sendBeacon(endpoint, new Blob([body], { type: 'text/plain' }))));
  }

  // An order's lines: the store's product (or variant) id, SKU or link, name, unit price and quantity; Shopify's
  // line_items (variant_id, product_id, title) read alike. Lines that name no product or no price are left out.
  function items(list) {
    var out = [];
    for (var i = 0; list && i < list.length && out.length < 50; i++) {
      var it = list[i] || {}, item = {};
      var id = it.productId != null ? it.productId : (it.variant_id != null ? it.variant_id : it.product_id);
      if (id != null && id !== '') item.productId = String(id).slice(0, 128);
      if (it.sku) item.sku = String(it.sku).slice(0, 128);
      if (it.url) item.url = String(it.url).slice(0, 2048);
      if (it.name || it.title) item.name = String(it.name || it.title).slice(0, 300);
      var price = Number(it.price), quantity = it.quantity == null ? 1 : Number(it.quantity);
      if (!(item.productId || item.sku || item.url) || !(price >= 0) || !(quantity >= 1) || Math.floor(quantity) !== quantity) continue;
      item.price = price; item.quantity = quantity;
      out.push(item);
    }
    return out;
  }

  function purchase(order) {
    order = order || {};
    var orderId = order.orderId == null ? '' : String(order.orderId);
    var value = Number(order.value);
    if (!orderId || !(value >= 0)) return Promise.resolve(false);
    var sent = read(w.localStorage, ORDERS) || [];
    if (sent.indexOf(orderId) !== -1) return Promise.resolve(false);
    sent.push(orderId);
    write(w.localStorage, ORDERS, sent.slice(-50));
    var data = { orderId: orderId, value: value, currency: String(order.currency || 'USD').toUpperCase() };
    var lines = items(order.items);
    if (lines.length) data.items = lines;
    return send('purchase', data);
  }

  function api(command, payload) {
    if (command === 'purchase') return purchase(payload);
    if (command === 'event') return send(String(payload && payload.eventType || 'page_view'), (payload && payload.eventData) || {});
    return Promise.resolve(false);
  }
  api.attribution = function () { return attribution; };
  w.pricehunt = api;

  send('page_view', { title: d.title });
  var shopify = w.Shopify && w.Shopify.checkout;
  if (shopify && shopify.order_id) purchase({ orderId: shopify.order_id, value: shopify.total_price, currency: shopify.currency, items: shopify.line_items });
  for (var i = 0; i < queued.length; i++) api(queued[i][0], queued[i][1]);
})(window, document);
`;

export const TRACKING_SCRIPT = source;
export const TRACKING_SCRIPT_ETAG = `"${createHash('sha256').update(source).digest('base64url').slice(0, 27)}"`;
