import { isApiError } from '@pricehunt/api-client';
import { PASSWORD_HINT, type MerchantSettings } from '@pricehunt/contracts';
import { useBusinessAuth } from '@pricehunt/auth';
import { handleAsync } from '@pricehunt/ui';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import { useChangePassword, useDeleteAccount, useRotateApiKey, useSettings, useUpdateSettings } from '../dashboard/api/merchant-api';
import { QueryState } from '../dashboard/components/query-state';
import { CopyButton } from '../integrate/copy-button';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'SEK', 'JPY'];

function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const d of error.details ?? []) out[d.field] = d.message;
  if (error.field && !out[error.field]) out[error.field] = error.message;
  return out;
}

function StoreForm({ settings }: { settings: MerchantSettings }) {
  const update = useUpdateSettings();
  const id = useId();
  const [form, setForm] = useState({
    storeName: settings.storeName ?? '',
    storeDomain: settings.storeDomain ?? '',
    currency: settings.currency,
    attributionWindowDays: String(settings.attributionWindowDays),
    timeZone: settings.timeZone,
  });
  const errors = fieldErrors(update.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      ...(form.storeName.trim() ? { storeName: form.storeName } : {}),
      ...(form.storeDomain.trim() ? { storeDomain: form.storeDomain } : {}),
      currency: form.currency,
      attributionWindowDays: Number(form.attributionWindowDays),
      timeZone: form.timeZone,
    });
  };
  const field = (name: keyof typeof form, label: string, input: React.ReactNode) => (
    <div className="md-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="md-error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const text = (name: keyof typeof form, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      id={`${id}-${name}`}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      aria-invalid={errors[name] ? true : undefined}
      aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      {...extra}
    />
  );
  return (
    <form onSubmit={submit} className="md-form" aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Store</h2>
      {field('storeName', 'Store name', text('storeName'))}
      {field('storeDomain', 'Store domain', text('storeDomain', { placeholder: 'shop.example.com' }))}
      {field(
        'currency',
        'Currency',
        <select id={`${id}-currency`} value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value })}>
          {[...new Set([form.currency, ...CURRENCIES])].map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>,
      )}
      {field('attributionWindowDays', 'Attribution window (days)', text('attributionWindowDays', { type: 'number', min: 1, max: 90 }))}
      {field('timeZone', 'Time zone', text('timeZone', { placeholder: 'Europe/Berlin' }))}
      <button type="submit" className="md-button" disabled={update.isPending}>
        Save settings
      </button>
      {update.isSuccess ? (
        <p role="status" className="md-success">
          Settings saved
        </p>
      ) : null}
      {update.error && !Object.keys(errors).length ? (
        <p role="alert" className="md-error">
          Could not save the settings
        </p>
      ) : null}
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const id = useId();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const errors = fieldErrors(change.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => (setCurrent(''), setNew('')) });
  };
  return (
    <form onSubmit={submit} className="md-form" aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Change password</h2>
      <div className="md-field">
        <label htmlFor={`${id}-current`}>Current password</label>
        <input id={`${id}-current`} type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} aria-invalid={errors.currentPassword ? true : undefined} />
        {errors.currentPassword ? <p className="md-error">{errors.currentPassword}</p> : null}
      </div>
      <div className="md-field">
        <label htmlFor={`${id}-new`}>New password</label>
        <input id={`${id}-new`} type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.target.value)} aria-invalid={errors.newPassword ? true : undefined} aria-describedby={errors.newPassword ? `${id}-new-hint ${id}-new-error` : `${id}-new-hint`} />
        <p id={`${id}-new-hint`} className="md-muted">
          {PASSWORD_HINT}
        </p>
        {errors.newPassword ? (
          <p id={`${id}-new-error`} className="md-error">
            {errors.newPassword}
          </p>
        ) : null}
      </div>
      <button type="submit" className="md-button" disabled={change.isPending}>
        Change password
      </button>
      {change.isSuccess ? (
        <p role="status" className="md-success">
          Password changed. Other devices were signed out.
        </p>
      ) : null}
    </form>
  );
}

function ApiKeySection({ settings }: { settings: MerchantSettings }) {
  const rotate = useRotateApiKey();
  const id = useId();
  return (
    <section className="md-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>API key</h2>
      <p>
        Your store&apos;s server reports orders to <code>POST /api/merchant/conversions</code> with <code>Authorization: Bearer &lt;key&gt;</code>.
      </p>
      <p>{settings.apiKeyPrefix ? `Current key ${settings.apiKeyPrefix}… created ${formatDateTime(settings.apiKeyCreatedAt as string)}` : 'No key yet.'}</p>
      <button type="button" className="md-button" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
        {settings.apiKeyPrefix ? 'Rotate API key' : 'Create API key'}
      </button>
      {rotate.data ? (
        <div role="status" className="md-callout">
          <p>Copy the key now: it is shown only once. The previous key stops working.</p>
          <pre className="md-code" aria-label="New API key">{rotate.data.apiKey}</pre>
          <CopyButton text={rotate.data.apiKey} label="Copy API key" />
        </div>
      ) : null}
    </section>
  );
}

function DeleteAccount() {
  const remove = useDeleteAccount();
  const { logout } = useBusinessAuth();
  const navigate = useNavigate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const errors = fieldErrors(remove.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(
      { password, confirm: confirm as 'DELETE' },
      {
        onSuccess: handleAsync(async () => {
          // The server already ended the session; logout clears the account locally whatever the network says.
          await logout();
          navigate(paths.register, { replace: true });
        }, 'Logging out failed:'),
      },
    );
  };
  return (
    <section className="md-form md-danger" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delete account</h2>
      <p>Removes your account, your products from the catalog, and every click, referral, event and order recorded for your store. This cannot be undone.</p>
      {!open ? (
        <button type="button" className="md-button md-button--danger" onClick={() => setOpen(true)}>
          Delete account…
        </button>
      ) : (
        <form onSubmit={submit} aria-label="Confirm account deletion">
          <div className="md-field">
            <label htmlFor={`${id}-password`}>Password</label>
            <input id={`${id}-password`} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            {errors.password ? <p className="md-error">{errors.password}</p> : null}
          </div>
          <div className="md-field">
            <label htmlFor={`${id}-confirm`}>Type DELETE to confirm</label>
            <input id={`${id}-confirm`} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            {errors.confirm ? <p className="md-error">{errors.confirm}</p> : null}
          </div>
          <button type="submit" className="md-button md-button--danger" disabled={confirm !== 'DELETE' || !password || remove.isPending}>
            Delete my account
          </button>{' '}
          <button type="button" className="md-button md-button--secondary" onClick={() => setOpen(false)}>
            Cancel
          </button>
        </form>
      )}
    </section>
  );
}

export default function SettingsPage() {
  const settings = useSettings();
  return (
    <div className="md-page">
      <header className="md-page__header">
        <h1>Settings</h1>
      </header>
      <QueryState isLoading={settings.isLoading} error={settings.error}>
        {settings.data ? (
          <div className="md-settings">
            <StoreForm settings={settings.data} />
            <PasswordForm />
            <ApiKeySection settings={settings.data} />
            <DeleteAccount />
          </div>
        ) : null}
      </QueryState>
    </div>
  );
}
