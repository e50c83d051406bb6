import type { ReactNode } from 'react';

/** The page frame inside the public layout. */
export function PageFrame({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={narrow ? 'mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8' : 'mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8'}>{children}</div>;
}
