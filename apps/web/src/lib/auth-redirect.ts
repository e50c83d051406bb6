// The origin the route guard remembers in location state, read back by the login screen.
import type { Location } from 'react-router';
import { paths } from './paths';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

const AUTH_SCREENS: string[] = [paths.login, paths.register, paths.forgotPassword, paths.resetPassword];

/** Where to go after login: the remembered origin (never an auth screen), else /dashboard. */
export function redirectTargetAfterLogin(state: unknown): string {
  const from = (state as FromState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return paths.dashboard;
  }
  if (AUTH_SCREENS.includes(from.pathname)) return paths.dashboard;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
