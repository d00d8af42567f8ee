// The auth facility of spec §4: current user, login, logout. The header, guards and account pages read it.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, TIMING } from '@domain/constants';
import type { User } from '@domain/auth';
import { isActiveAdmin } from './roles';
import { apiGet, apiPost, isApiError } from './api-client';
import { forgetSavedVehiclesLocally } from './saved-vehicles';
import { readString, removeItem, writeString } from './storage';

export const currentUserQueryKey = ['/api/auth/user'] as const;

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export interface AuthContextValue {
  user: User | null;
  status: AuthStatus;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** spec §6: an active admin (the header's Admin Dashboard link, the admin guard). */
  isAdmin: boolean;
  /** Set when the current-user call failed with something other than 401. */
  error: Error | null;
  /** spec §4/§8: true on success; false on failure (logged as 'Login failed'). onError receives the cause, for the form's message. */
  login: (username: string, password: string, options?: { onError?: (err: unknown) => void }) => Promise<boolean>;
  /** Creates the account and signs in; throws the ApiError so the form can show field errors. */
  register: (input: RegisterInput) => Promise<User | null>;
  /** spec §4: always clears the token and cached data and goes to /, even when the call fails. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The answer may wrap the user under a `user` field or be the user itself (spec §7). */
function unwrapUser(body: unknown): User | null {
  if (!body || typeof body !== 'object') return null;
  const inner = 'user' in body ? (body as { user: unknown }).user : body;
  return inner && typeof inner === 'object' && 'username' in inner ? (inner as User) : null;
}

/**
 * spec §4 with issue 15 item 5: the answer of a sign-in (login, register, the two-factor steps) "may carry a token";
 * only an admin's is kept, as admin_token, for the bearer header of the back office. Customers rely on the httpOnly
 * session cookie alone, so a customer's sign-in also drops any admin_token left from an earlier session: it would
 * otherwise go out as a bearer on every request and speak for someone else.
 */
export function rememberSessionToken(body: unknown): void {
  const token = body && typeof body === 'object' && 'token' in body ? (body as { token: unknown }).token : undefined;
  const user = unwrapUser(body);
  if (typeof token === 'string' && token && user?.role === 'admin') writeString(STORAGE_KEYS.adminToken, token);
  else removeItem(STORAGE_KEYS.adminToken);
}

export async function fetchCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  try {
    return unwrapUser(await apiGet<unknown>('/api/auth/user', { signal }));
  } catch (err) {
    if (isApiError(err) && err.code === 'unauthorized') {
      // spec §4: 401 (code unauthorized) means nobody is logged in. A stored token the server no longer accepts is
      // dropped, so we stop sending it on every request.
      if (readString(STORAGE_KEYS.adminToken)) removeItem(STORAGE_KEYS.adminToken);
      return null;
    }
    throw new Error('Failed to fetch user', { cause: err }); // spec §8
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    staleTime: TIMING.userStale, // spec §7: cached 5 minutes
  });

  const acceptSession = useCallback(
    async (body: unknown) => {
      // spec §4: the login response may carry a token; an admin's is stored as admin_token (issue 15 item 5).
      rememberSessionToken(body);
      const user = unwrapUser(body);
      if (user) qc.setQueryData(currentUserQueryKey, user);
      // spec §4: success refreshes the current user.
      await qc.invalidateQueries({ queryKey: currentUserQueryKey });
      return (qc.getQueryData<User | null>(currentUserQueryKey) ?? user) || null;
    },
    [qc],
  );

  const login = useCallback<AuthContextValue['login']>(
    async (username, password, options) => {
      try {
        await acceptSession(await apiPost<unknown>('/api/auth/login', { username, password }));
        return true;
      } catch (err) {
        console.error('Login failed', err);
        options?.onError?.(err);
        return false;
      }
    },
    [acceptSession],
  );

  const register = useCallback<AuthContextValue['register']>(
    async (input) => {
      // Referral program (spec §3/§4): the pending code a referral link stored goes along, then is spent.
      const referralCode = readString(STORAGE_KEYS.pendingReferral) ?? undefined;
      const user = await acceptSession(await apiPost<unknown>('/api/auth/register', { ...input, referralCode }));
      if (referralCode) removeItem(STORAGE_KEYS.pendingReferral);
      return user;
    },
    [acceptSession],
  );

  const logout = useCallback(async () => {
    try {
      await apiPost('/api/auth/logout');
    } catch (err) {
      console.error('Logout request failed', err);
    } finally {
      removeItem(STORAGE_KEYS.adminToken);
      forgetSavedVehiclesLocally();
      qc.clear();
      // Known answer right away: nobody is logged in. Avoids a flash of the old user's menu.
      qc.setQueryData(currentUserQueryKey, null);
      navigate('/');
    }
  }, [qc, navigate]);

  const user = query.data ?? null;
  const status: AuthStatus = query.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated';

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      status,
      isLoading: status === 'loading',
      isAuthenticated: status === 'authenticated',
      isAdmin: isActiveAdmin(user),
      error: query.error,
      login,
      register,
      logout,
    }),
    [user, status, query.error, login, register, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider'); // spec §8
  return ctx;
}
