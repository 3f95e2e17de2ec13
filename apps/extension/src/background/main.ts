import { DEFAULT_ADDRESSES } from '../config/env';
import { extensionApi, type MessageSender } from '../lib/browser';
import { isExtensionRequest } from '../lib/messages';
import { readSettings, SETTINGS_KEY } from '../lib/settings';
import { createBackgroundService, type Asker } from './service';

const ext = extensionApi();
const service = createBackgroundService({
  settings: async () => readSettings((await ext.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY], DEFAULT_ADDRESSES),
});

/** A message from the extension's own pages, or from a content script on a retailer's page (held to stricter rules). */
function askerOf(sender: MessageSender): Asker | null {
  if (sender.id !== ext.runtime.id) return null;
  return sender.url?.startsWith(ext.runtime.getURL('')) ? 'extension' : 'page';
}

ext.runtime.onMessage.addListener((message, sender, sendResponse) => {
  const asker = askerOf(sender);
  if (!asker || !isExtensionRequest(message)) return undefined;
  // A page asks about its own address only: the tab's, not one it names.
  if (asker === 'page' && message.type === 'compare' && sender.tab?.url !== undefined && sender.tab.url.split('#')[0] !== message.url.split('#')[0]) {
    sendResponse({ ok: false, error: 'A page may ask about itself only' });
    return undefined;
  }
  if (asker === 'page' && message.type === 'account') return undefined;
  void service.handle(message, asker).then(sendResponse);
  return true;
});
