/** Two hands around a growing seedling: the empty state of an account that has not given yet. */
export function SeedlingIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 160 120" role="presentation" aria-hidden="true" className={className}>
      <ellipse cx="80" cy="104" rx="62" ry="10" fill="#e9e0d2" />
      <circle cx="80" cy="52" r="44" fill="#eef8f7" />
      <path d="M80 86 C80 70 80 60 80 46" stroke="#0d5c63" strokeWidth="4" strokeLinecap="round" fill="none" />
      <path d="M80 60 C66 58 58 48 58 36 C72 36 80 46 80 60 Z" fill="#3fa19d" />
      <path d="M80 52 C92 50 102 40 104 28 C90 28 80 38 80 52 Z" fill="#1f8582" />
      <circle cx="104" cy="22" r="5" fill="#f4a259" />
      <circle cx="54" cy="30" r="3.5" fill="#ea7f2e" />
      <path d="M30 96 C34 82 48 76 62 80 L80 86 L62 92 C52 96 40 98 30 96 Z" fill="#cf6220" />
      <path d="M130 96 C126 82 112 76 98 80 L80 86 L98 92 C108 96 120 98 130 96 Z" fill="#a94b1c" />
      <path d="M60 86 Q80 94 100 86" stroke="#fff7ed" strokeWidth="2" fill="none" strokeLinecap="round" />
    </svg>
  );
}
