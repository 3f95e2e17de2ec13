import { Toaster, ToastProvider } from '@pricehunt/ui-toast';
import { BrowserRouter } from 'react-router-dom';
import { AccountProvider } from '../features/account/account-context';
import { LibraryProvider } from '../features/library/library-context';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <ToastProvider>
        <AccountProvider>
          <LibraryProvider>
            <AppRoutes />
          </LibraryProvider>
        </AccountProvider>
        <Toaster />
      </ToastProvider>
    </BrowserRouter>
  );
}
