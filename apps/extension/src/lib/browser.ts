/** The parts of the WebExtension API the extension uses (Chromium's `chrome`, Firefox's `browser`), typed here. */
export interface MessageSender {
  id?: string;
  url?: string;
  tab?: { id?: number; url?: string };
}

export interface ExtensionApi {
  runtime: {
    id: string;
    getURL(path: string): string;
    sendMessage(message: unknown): Promise<unknown>;
    openOptionsPage(): Promise<void>;
    onMessage: {
      addListener(listener: (message: unknown, sender: MessageSender, sendResponse: (reply: unknown) => void) => boolean | undefined): void;
    };
  };
  storage: {
    local: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
    onChanged?: { addListener(listener: (changes: Record<string, unknown>, area: string) => void): void };
  };
  tabs?: {
    query(query: { active: boolean; currentWindow: boolean }): Promise<Array<{ id?: number; url?: string }>>;
    create(properties: { url: string }): Promise<unknown>;
  };
}

/** The extension API of the browser running this code: `browser` on Firefox, `chrome` on Chromium. */
export function extensionApi(): ExtensionApi {
  const scope = globalThis as { browser?: ExtensionApi; chrome?: ExtensionApi };
  const api = scope.browser ?? scope.chrome;
  if (!api?.runtime) throw new Error('Not running as a browser extension');
  return api;
}
