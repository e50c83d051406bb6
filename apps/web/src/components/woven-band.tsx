// A thin band in the manner of a Guatemalan woven textile (diamonds and zigzags), drawn in SVG.
import { useId } from 'react';
import { cn } from '@/lib/cn';

export function WovenBand({ className }: { className?: string }) {
  const id = `woven-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg aria-hidden="true" className={cn('block h-3 w-full', className)} preserveAspectRatio="none">
      <defs>
        <pattern id={id} width="24" height="12" patternUnits="userSpaceOnUse">
          <rect width="24" height="12" fill="#0d5c63" />
          <path d="M0 6 L6 0 L12 6 L6 12 Z" fill="#f4a259" />
          <path d="M12 6 L18 0 L24 6 L18 12 Z" fill="#ea7f2e" />
          <path d="M4 6 L6 4 L8 6 L6 8 Z M16 6 L18 4 L20 6 L18 8 Z" fill="#fff8ef" />
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}
