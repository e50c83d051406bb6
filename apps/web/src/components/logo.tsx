import { cn } from '@/lib/cn';

/** The mark: a heart held open like two hands around a child (same drawing as the favicon). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-10 shrink-0', className)}>
      <rect width="64" height="64" rx="16" fill="#0d5c63" />
      <path
        d="M32 50c-1 0-2-.4-2.8-1.1C21.3 41.8 14 35.6 14 27.2 14 21.6 18.3 17 23.7 17c3.4 0 6.4 1.8 8.3 4.6 1.9-2.8 4.9-4.6 8.3-4.6C45.7 17 50 21.6 50 27.2c0 8.4-7.3 14.6-15.2 21.7-.8.7-1.8 1.1-2.8 1.1z"
        fill="#f4a259"
      />
      <circle cx="32" cy="30" r="5" fill="#fff8ef" />
      <path d="M24 44c2-5 5-7.5 8-7.5s6 2.5 8 7.5" fill="none" stroke="#fff8ef" strokeWidth="3.2" strokeLinecap="round" />
    </svg>
  );
}

export interface LogoProps {
  name: string;
  tagline?: string;
  className?: string;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
  /** On phones: the name on up to two lines and no tagline (narrow top bars). */
  responsive?: boolean;
  /** With responsive: the name on up to two lines at every width (narrow side drawers), never cut to one. */
  wrap?: boolean;
  /** Class of the name and tagline block (e.g. to hide it at some widths). */
  textClassName?: string;
}

export function Logo({ name, tagline, className, inverted = false, responsive = false, wrap = false, textClassName }: LogoProps) {
  return (
    <span className={cn('flex min-w-0 items-center gap-2.5', className)}>
      <LogoMark className={inverted ? 'rounded-[25%] ring-1 ring-white/25' : undefined} />
      <span className={cn('flex min-w-0 flex-col leading-tight', textClassName)}>
        <span
          className={cn(
            'font-display text-[1.05rem] font-semibold',
            responsive ? cn('line-clamp-2 text-[0.95rem]', !wrap && 'sm:line-clamp-none sm:truncate sm:text-[1.05rem]') : 'truncate',
            inverted ? 'text-white' : 'text-ink-900',
          )}
        >
          {name}
        </span>
        {tagline && <span className={cn('truncate text-xs font-medium', responsive && 'max-sm:hidden', inverted ? 'text-brand-100' : 'text-ink-500')}>{tagline}</span>}
      </span>
    </span>
  );
}
