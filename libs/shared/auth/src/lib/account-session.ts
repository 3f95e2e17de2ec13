import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, isApiError, NETWORK_ERROR_MESSAGE, type FetchLike, type SchemaSource } from '@pricehunt/api-client';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** A failed login or register: the message to show, and the input field it is about when it names one. */
export type AuthFailure = { success: false; error: string; field?: string };

/** Outcome of login or of opening a confirmation link: the account, or the message to show. */
export type AuthOutcome<T> = { success: true; account: T } | AuthFailure;

/** Outcome of register: "check your inbox" (the server's message; nobody is signed in yet), or the failure. */
export type RegistrationResult = { success: true; message: string } | AuthFailure;

const loadRegistrationSchema = () => import('./schemas').then((schemas) => schemas.registrationAnswerSchema);

export const CONFIRMATION_FAILED_MESSAGE = 'The email could not be confirmed';

/** "in 1 second", "in 40 seconds", "in 3 minutes" (rounded up). */
export function waitText(seconds: number): string {
  if (seconds <= 90) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minutes`;
}

/** The message of a 429 that says how long to wait: "Too many attempts. Try again in 8 seconds." */
export function tooManyAttemptsText(seconds: number): string {
  return `Too many attempts. Try again ${waitText(seconds)}.`;
}

export interface AccountSessionConfig<T> {
  /** e.g. `/api/business/auth`; `me`, `login`, `register` and `logout` are below it. */
  basePath: string;
  /** Parses the answer of me, login and register into the account (a schema or a loader of one). */
  responseSchema: SchemaSource<{ account: T }>;
  /**
   * Where the first check asks who is signed in, when not `me`: an endpoint that answers signed-out visitors with
   * `account: null` instead of a 401 (which the browser logs as an error on every page).
   */
  session?: { path: string; schema: SchemaSource<{ account: T | null }> };
  loginFailed: string;
  registerFailed: string;
  fetch?: FetchLike;
  baseUrl?: string;
}

export interface AccountSession<T> {
  account: T | null;
  status: AuthStatus;
  error: string | null;
  login(body: Record<string, unknown>): Promise<AuthOutcome<T>>;
  register(body: Record<string, unknown>): Promise<RegistrationResult>;
  /** Opens the emailed confirmation link: confirms the address and signs in. */
  confirmEmail(token: string): Promise<AuthOutcome<T>>;
  logout(): Promise<void>;
  refresh(): Promise<void>;
  clearError(): void;
}

/** The failure to show: the server's message (for a field, the field's own message), the wait a 429 asks for. */
export function authFailure(error: unknown, fallback: string): AuthFailure {
  if (!isApiError(error)) return { success: false, error: fallback };
  if (error.isNetworkError) return { success: false, error: NETWORK_ERROR_MESSAGE };
  if (error.status === 429 && error.retryAfterSeconds !== undefined) return { success: false, error: tooManyAttemptsText(error.retryAfterSeconds) };
  // Only a refusal of the request names an input field (an unexpected answer's details name the answer's).
  const field = error.status >= 400 && error.status < 500 ? (error.field ?? error.details[0]?.field) : undefined;
  const message = (field ? error.fieldMessage(field) : undefined) ?? error.message ?? fallback;
  return { success: false, error: message || fallback, ...(field ? { field } : {}) };
}

/** The state of a session and what its actions share: the config of the last render, the version, mounted. */
function useSessionCore<T>(config: AccountSessionConfig<T>) {
  const [account, setAccount] = useState<T | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  // Every login, register or logout bumps the version; an older `me` answer must not undo it.
  const version = useRef(0);
  const mounted = useRef(true);
  const configRef = useRef(config);
  configRef.current = config;

  const signedIn = useCallback((next: T) => {
    setAccount(next);
    setStatus('signed-in');
  }, []);
  const signedOut = useCallback(() => {
    setAccount(null);
    setStatus('signed-out');
  }, []);
  return { account, status, error, setStatus, setError, version, mounted, configRef, signedIn, signedOut };
}

type SessionCore<T> = ReturnType<typeof useSessionCore<T>>;

/** Asks who is signed in, on mount and on `refresh` (an answer older than a login, register or logout is dropped). */
function useCurrentAccount<T>({ version, mounted, configRef, signedIn, signedOut }: SessionCore<T>) {
  const loadCurrent = useCallback(
    async (signal?: AbortSignal) => {
      const { basePath, responseSchema, session, fetch, baseUrl } = configRef.current;
      const started = version.current;
      try {
        const answer: { account: T | null } = session
          ? await apiRequest(`${basePath}/${session.path}`, { schema: session.schema, signal, fetch, baseUrl })
          : await apiRequest(`${basePath}/me`, { schema: responseSchema, signal, fetch, baseUrl });
        if (mounted.current && started === version.current) {
          if (answer.account) signedIn(answer.account);
          else signedOut();
        }
      } catch (caught) {
        if (signal?.aborted) return;
        // Any failure (401, server error, offline) means nobody is signed in.
        if (mounted.current && started === version.current) signedOut();
        if (!isApiError(caught)) throw caught;
      }
    },
    [configRef, version, mounted, signedIn, signedOut],
  );

  useEffect(() => {
    mounted.current = true;
    const controller = new AbortController();
    void loadCurrent(controller.signal);
    return () => {
      mounted.current = false;
      controller.abort();
    };
  }, [loadCurrent, mounted]);
  return loadCurrent;
}

/** Registers: "check your inbox" (nobody is signed in until the emailed link is opened), or the failure to show. */
function useRegister<T>({ configRef, mounted, setError, setStatus }: SessionCore<T>) {
  return useCallback(async (body: Record<string, unknown>): Promise<RegistrationResult> => {
    const { basePath, fetch, baseUrl, registerFailed } = configRef.current;
    setError(null);
    try {
      const answer = await apiRequest(`${basePath}/register`, { method: 'POST', body, schema: loadRegistrationSchema, fetch, baseUrl, errorMessage: registerFailed });
      // Nobody is signed in until the emailed link is opened; a first check still pending resolves to signed out.
      if (mounted.current) setStatus((current) => (current === 'loading' ? 'signed-out' : current));
      return { success: true, message: answer.message };
    } catch (caught) {
      const failure = authFailure(caught, registerFailed);
      if (mounted.current) {
        setError(failure.error);
        setStatus((current) => (current === 'loading' ? 'signed-out' : current));
      }
      return failure;
    }
  }, [configRef, mounted, setError, setStatus]);
}

/** The session of one audience (business or shopper) against its `/auth` endpoints, all with cookies. */
export function useAccountSession<T>(config: AccountSessionConfig<T>): AccountSession<T> {
  const core = useSessionCore(config);
  const { account, status, error, setStatus, setError, version, mounted, configRef, signedIn, signedOut } = core;
  const loadCurrent = useCurrentAccount(core);
  const register = useRegister(core);

  const submit = useCallback(
    async (action: 'login' | 'confirm-email', body: Record<string, unknown>): Promise<AuthOutcome<T>> => {
      const { basePath, responseSchema, fetch, baseUrl, loginFailed } = configRef.current;
      const fallback = action === 'login' ? loginFailed : CONFIRMATION_FAILED_MESSAGE;
      version.current += 1;
      setError(null);
      try {
        const answer = await apiRequest(`${basePath}/${action}`, { method: 'POST', body, schema: responseSchema, fetch, baseUrl, errorMessage: fallback });
        if (mounted.current) {
          signedIn(answer.account);
        }
        return { success: true, account: answer.account };
      } catch (caught) {
        const failure = authFailure(caught, fallback);
        if (mounted.current) {
          setError(failure.error);
          // A failed attempt leaves whoever was signed in signed in; a first check still pending resolves to signed out.
          setStatus((current) => (current === 'loading' ? 'signed-out' : current));
        }
        return failure;
      }
    },
    [signedIn],
  );

  const logout = useCallback(async () => {
    const { basePath, fetch, baseUrl } = configRef.current;
    version.current += 1;
    try {
      await apiRequest(`${basePath}/logout`, { method: 'POST', fetch, baseUrl });
    } catch {
      // The account is cleared locally whatever the server says (SPEC §4).
    } finally {
      if (mounted.current) {
        signedOut();
        setError(null);
      }
    }
  }, [signedOut]);

  const refresh = useCallback(() => loadCurrent(), [loadCurrent]);
  const login = useCallback((body: Record<string, unknown>) => submit('login', body), [submit]);
  const confirmEmail = useCallback((token: string) => submit('confirm-email', { token }), [submit]);
  const clearError = useCallback(() => setError(null), []);

  return { account, status, error, login, register, confirmEmail, logout, refresh, clearError };
}
