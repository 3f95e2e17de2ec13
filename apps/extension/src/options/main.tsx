import { Toaster, ToastProvider } from '@pricehunt/ui-toast';
import { createRoot } from 'react-dom/client';
import { DEFAULT_ADDRESSES } from '../config/env';
import { extensionApi } from '../lib/browser';
import { readSettings, SETTINGS_KEY, type Settings } from '../lib/settings';
import '../styles.css';
import { Options } from './options';

const ext = extensionApi();
const load = async () => readSettings((await ext.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY], DEFAULT_ADDRESSES);
const save = (settings: Settings) => ext.storage.local.set({ [SETTINGS_KEY]: settings });

createRoot(document.getElementById('root') as HTMLElement).render(
  <ToastProvider>
    <Options load={load} save={save} defaults={DEFAULT_ADDRESSES} />
    <Toaster />
  </ToastProvider>,
);
