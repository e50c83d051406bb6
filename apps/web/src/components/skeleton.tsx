import { cn } from '@/lib/cn';

/** A grey placeholder block while data loads; size it with className (h-4 w-32 ...). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-sand-200/80', className)} />;
}
