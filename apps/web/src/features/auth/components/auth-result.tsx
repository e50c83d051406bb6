// The outcome panel of an account screen (account created, email sent, link invalid...): an
// illustrated icon, the text and the next steps.
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface AuthResultProps {
  tone: 'success' | 'info' | 'error';
  icon: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}

const tones = {
  success: 'bg-brand-50 text-brand-700 ring-brand-100',
  info: 'bg-accent-50 text-accent-700 ring-accent-100',
  error: 'bg-red-50 text-red-700 ring-red-100',
} as const;

export function AuthResult({ tone, icon, children, actions }: AuthResultProps) {
  return (
    <div className="flex flex-col items-center text-center">
      <span className={cn('flex size-16 items-center justify-center rounded-full ring-8', tones[tone])}>{icon}</span>
      <div className="mt-5 space-y-3 text-[0.95rem] text-ink-700">{children}</div>
      {actions && <div className="mt-7 flex w-full flex-col gap-3">{actions}</div>}
    </div>
  );
}
