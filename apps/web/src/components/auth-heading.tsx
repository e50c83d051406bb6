// Lets an auth screen change the title and subtitle that the auth card shows (e.g. a success
// step titled 'Cuenta creada'). The card itself is app/layouts/auth-layout.tsx.
import { createContext, use, useEffect } from 'react';

export interface AuthHeading {
  title: string;
  subtitle?: string;
}

export const AuthHeadingContext = createContext<((heading: AuthHeading | null) => void) | null>(null);

/** Shows this heading in the auth card instead of the route's own; `null` goes back to the route's. */
export function useAuthHeading(heading: AuthHeading | null) {
  const setHeading = use(AuthHeadingContext);
  const title = heading?.title;
  const subtitle = heading?.subtitle;
  useEffect(() => {
    if (!setHeading) return;
    setHeading(title ? { title, subtitle } : null);
  }, [setHeading, title, subtitle]);
}
