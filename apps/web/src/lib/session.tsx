// The signed-in session (docs/product.md#accounts-and-sessions): the access token lives in memory only,
// `session_user` {id, email, roles, loginAt} in localStorage so that a reload can restore the
// session with a cookie refresh. Logout, or a refresh the server refuses, clears both; a refresh that got no answer
// (the page reloaded or left meanwhile, no network) keeps the stored user for the next load.
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Role } from '@donaciones/shared/constants';
import type { Me, TokenPair } from '@donaciones/shared/schemas/auth';
import type { LoginAnswer, SecondStepMethod } from '@donaciones/shared/schemas/two-step';
import { api as defaultApi, clearStoredTokens, setAccessToken, type ApiClient } from './api-client';
import { isHttpError } from './http';
import { mainRole, normalizeRoles } from '@donaciones/shared/roles';

export const SESSION_USER_KEY = 'session_user';

export interface SessionUser {
  id: number;
  email: string;
  roles: Role[];
  /** ISO date of the login. */
  loginAt: string;
  first_name?: string;
  last_name?: string;
  email_verified?: boolean;
  /** The profile's NIT or CUI, prefilling the donate form. */
  nit?: string | null;
}

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** What a right password leads to: signed in, a second step (code or passkey), or enrolling an authenticator app. */
export type LoginStep =
  | { kind: 'signed_in'; user: SessionUser }
  | { kind: 'second_step'; token: string; methods: SecondStepMethod[] }
  | { kind: 'enrol'; token: string };

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** Normalised roles (upper case, unknown -> USER, main role first); empty when signed out. */
  roles: Role[];
  /** The main role; USER when signed out. */
  role: Role;
  isAuthenticated: boolean;
  isLoading: boolean;
  /**
   * POST /auth/login, then GET /auth/me when the password was enough; otherwise the step still missing
   * (a code or passkey, or enrolling an authenticator app). Throws the HTTP error on failure (no toast for 400/401/403).
   */
  login: (email: string, password: string) => Promise<LoginStep>;
  /** Finishes a sign-in with the tokens a second step answered: GET /auth/me and the signed-in state. */
  completeSignIn: (tokens: TokenPair) => Promise<SessionUser>;
  /** Revokes the session on the server (best effort), clears it here and empties the query cache. */
  logout: () => Promise<void>;
  /** Reloads GET /auth/me (e.g. after the profile changed). */
  reloadUser: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function readStoredUser(storage: Storage | undefined = globalThis.window?.localStorage): SessionUser | null {
  try {
    // No storage where a page is rendered ahead of time (src/prerender.tsx): nobody is signed in there.
    const raw = storage?.getItem(SESSION_USER_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    if (typeof parsed?.id !== 'number' || typeof parsed.email !== 'string') return null;
    return { id: parsed.id, email: parsed.email, roles: normalizeRoles(parsed.roles), loginAt: String(parsed.loginAt ?? '') };
  } catch {
    return null;
  }
}

function storeUser(user: SessionUser | null) {
  if (user) {
    const { id, email, roles, loginAt } = user;
    window.localStorage.setItem(SESSION_USER_KEY, JSON.stringify({ id, email, roles, loginAt }));
  } else {
    window.localStorage.removeItem(SESSION_USER_KEY);
  }
}

function fromMe(me: Me, loginAt: string): SessionUser {
  return {
    id: me.id,
    email: me.email,
    roles: normalizeRoles(me.roles),
    loginAt,
    first_name: me.first_name,
    last_name: me.last_name,
    email_verified: me.email_verified,
    nit: me.nit ?? null,
  };
}

export interface SessionProviderProps {
  children: ReactNode;
  /** Where to go when a request's 401 could not be cured by a refresh (the router's navigate). */
  onSessionExpired?: () => void;
  /** For tests. */
  client?: ApiClient;
}

type SetUser = Dispatch<SetStateAction<SessionUser | null>>;
type SetStatus = Dispatch<SetStateAction<SessionStatus>>;

/** The api client asks us whether a refresh is worth trying and tells us when the session died. */
function useApiClientSession(client: ApiClient, clear: () => void, onSessionExpired: (() => void) | undefined) {
  const expiredRef = useRef(onSessionExpired);
  useEffect(() => {
    expiredRef.current = onSessionExpired;
  }, [onSessionExpired]);

  useEffect(() => {
    client.configure({
      canRefresh: () => readStoredUser() !== null,
      onSessionExpired: () => {
        clear();
        expiredRef.current?.();
      },
    });
  }, [client, clear]);
}

/**
 * Whether a failed restore says nothing about the session: no answer came (a reload or navigation cancelled the
 * request, no network, a timeout), or the server was busy or failing. Only a refusal ends the session.
 */
function unanswered(error: unknown): boolean {
  if (!isHttpError(error)) return false;
  const status = error.response?.status;
  return status === undefined || status === 429 || status >= 500;
}

/**
 * Boot: a stored session user gets a new access token from the refresh cookie, then fresh roles. A refusal
 * `clear`s the session; a restore that got no answer signs out on this page only (`signOutHere`).
 */
function useRestoredSession(client: ApiClient, clear: () => void, signOutHere: () => void, setUser: SetUser, setStatus: SetStatus) {
  useEffect(() => {
    clearStoredTokens();
    const stored = readStoredUser();
    if (!stored) {
      window.localStorage.removeItem(SESSION_USER_KEY);
      return;
    }
    let cancelled = false;
    (async () => {
      try {
        await client.refreshAccessToken();
        const { data: me } = await client.get<Me>('/auth/me', { skipErrorToast: true, skipAuthRefresh: true });
        if (cancelled) return;
        const next = fromMe(me, stored.loginAt);
        storeUser(next);
        setUser(next);
        setStatus('authenticated');
      } catch (error) {
        if (cancelled) return;
        // Unanswered, the stored user stays, so the next load asks again with the cookie.
        if (unanswered(error)) signOutHere();
        else clear();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client, clear, signOutHere, setUser, setStatus]);
}

/** Another tab signed out (or in): follow it. */
function useOtherTabsSession(signOutHere: () => void) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_USER_KEY && event.newValue === null) signOutHere();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [signOutHere]);
}

export function SessionProvider({ children, onSessionExpired, client = defaultApi }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(() => readStoredUser());
  const [status, setStatus] = useState<SessionStatus>(() => (readStoredUser() ? 'loading' : 'anonymous'));

  /** Signed out in this page (token, user, cached answers); the stored user is left as it is. */
  const signOutHere = useCallback(() => {
    setAccessToken(null);
    setUser(null);
    setStatus('anonymous');
    queryClient.clear();
  }, [queryClient]);
  const clear = useCallback(() => {
    storeUser(null);
    signOutHere();
  }, [signOutHere]);

  useApiClientSession(client, clear, onSessionExpired);
  useRestoredSession(client, clear, signOutHere, setUser, setStatus);
  useOtherTabsSession(signOutHere);

  const completeSignIn = useCallback(
    async (tokens: TokenPair) => {
      setAccessToken(tokens.access_token);
      try {
        const { data: me } = await client.get<Me>('/auth/me', { skipAuthRefresh: true });
        queryClient.clear();
        const next = fromMe(me, new Date().toISOString());
        storeUser(next);
        setUser(next);
        setStatus('authenticated');
        return next;
      } catch (error) {
        setAccessToken(null);
        throw error;
      }
    },
    [client, queryClient],
  );

  const login = useCallback(
    async (email: string, password: string): Promise<LoginStep> => {
      const { data } = await client.post<LoginAnswer>(
        '/auth/login',
        { email, password },
        // The form shows these itself (a 429 says when to try again): no toast repeating them.
        { skipAuthRefresh: true, skipErrorToast: [400, 401, 403, 429] },
      );
      if ('second_step' in data) return { kind: 'second_step', token: data.second_step.token, methods: data.second_step.methods };
      if ('enrolment_required' in data) return { kind: 'enrol', token: data.enrolment_required.token };
      return { kind: 'signed_in', user: await completeSignIn(data) };
    },
    [client, completeSignIn],
  );

  const logout = useCallback(async () => {
    // Forgotten here first, so no screen asks for more with a session the server is about to end (it
    // would be refused with a 401); the server then ends it by the refresh cookie.
    clear();
    try {
      await client.post('/auth/logout', {}, { skipAuthRefresh: true, skipErrorToast: true });
    } catch {
      // Cleared here whatever the server says; an unreachable server cannot keep it.
    }
  }, [client, clear]);

  const reloadUser = useCallback(async () => {
    const { data: me } = await client.get<Me>('/auth/me');
    setUser((prev) => {
      const next = fromMe(me, prev?.loginAt ?? new Date().toISOString());
      storeUser(next);
      return next;
    });
  }, [client]);

  const value = useMemo<Session>(() => {
    const roles = user ? normalizeRoles(user.roles) : [];
    return {
      status,
      user,
      roles,
      role: mainRole(roles),
      isAuthenticated: status === 'authenticated' && user !== null,
      isLoading: status === 'loading',
      login,
      completeSignIn,
      logout,
      reloadUser,
    };
  }, [status, user, login, completeSignIn, logout, reloadUser]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
