import { extensionApi } from '../lib/browser';
import { productPageOf } from '../lib/detect';
import type { CompareReply, WatchReply } from '../lib/messages';
import { mountPanel } from './panel';

/**
 * The content script, on the known retailers' pages only (the manifest's matches). On a product page it asks the
 * background worker about this page's address and shows the panel; on any other page it does nothing at all.
 */
async function run(): Promise<void> {
  const page = productPageOf(location.href);
  if (!page) return;
  const ext = extensionApi();
  const reply = (await ext.runtime.sendMessage({ type: 'compare', url: page.url })) as CompareReply | undefined;
  if (!reply?.ok || !('comparison' in reply) || !reply.comparison) return;
  const { productId } = reply.comparison;
  mountPanel(document, reply.comparison, {
    watch: (email) => ext.runtime.sendMessage({ type: 'watch', productId, ...(email ? { email } : {}) }) as Promise<WatchReply>,
  });
}

void run();
