import { Toaster, ToastProvider } from '@pricehunt/ui-toast';
import { createRoot } from 'react-dom/client';
import { extensionApi } from '../lib/browser';
import '../styles.css';
import { Popup } from './popup';

const ext = extensionApi();

createRoot(document.getElementById('root') as HTMLElement).render(
  <ToastProvider>
    <Popup
      send={(request) => ext.runtime.sendMessage(request)}
      currentTabUrl={async () => (await ext.tabs?.query({ active: true, currentWindow: true }))?.[0]?.url}
      openOptions={() => void ext.runtime.openOptionsPage()}
    />
    <Toaster />
  </ToastProvider>,
);
