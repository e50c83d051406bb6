// The home page's scene, drawn for it: volcanoes at sunrise, a village school with the flag,
// and three children under a heart. Decorative, so hidden from screen readers.
import { cn } from '@/lib/cn';

function Child({ x, skin, shirt, skirt, hair, arm = 'down' }: { x: number; skin: string; shirt: string; skirt?: string; hair: string; arm?: 'down' | 'up' | 'book' }) {
  const base = 424;
  return (
    <g transform={`translate(${x} 0)`}>
      <ellipse cx="0" cy={base + 4} rx="30" ry="6" fill="#0b3a40" opacity="0.18" />
      {/* legs */}
      <rect x="-11" y={base - 44} width="9" height="44" rx="4.5" fill="#3d3934" />
      <rect x="2" y={base - 44} width="9" height="44" rx="4.5" fill="#3d3934" />
      {/* body */}
      <path d={`M-20 ${base - 40} Q-22 ${base - 92} 0 ${base - 94} Q22 ${base - 92} 20 ${base - 40} Z`} fill={shirt} />
      {skirt && <path d={`M-22 ${base - 56} L22 ${base - 56} L28 ${base - 30} L-28 ${base - 30} Z`} fill={skirt} />}
      {skirt && <path d={`M-24 ${base - 44} L24 ${base - 44}`} stroke="#fff8ef" strokeWidth="2.5" strokeDasharray="4 3" />}
      {/* arms */}
      {arm === 'up' ? (
        <path d={`M16 ${base - 84} Q34 ${base - 104} 30 ${base - 130}`} stroke={skin} strokeWidth="8" strokeLinecap="round" fill="none" />
      ) : (
        <path d={`M17 ${base - 84} Q26 ${base - 66} 22 ${base - 50}`} stroke={skin} strokeWidth="8" strokeLinecap="round" fill="none" />
      )}
      <path d={`M-17 ${base - 84} Q-26 ${base - 66} -22 ${base - 50}`} stroke={skin} strokeWidth="8" strokeLinecap="round" fill="none" />
      {arm === 'book' && (
        <g transform={`translate(6 ${base - 70}) rotate(-8)`}>
          <rect x="0" y="0" width="26" height="20" rx="2" fill="#ea7f2e" />
          <rect x="12" y="0" width="2" height="20" fill="#a94b1c" />
        </g>
      )}
      {/* head */}
      <circle cx="0" cy={base - 112} r="17" fill={skin} />
      <path d={`M-17 ${base - 114} Q-16 ${base - 134} 0 ${base - 134} Q17 ${base - 134} 17 ${base - 114} Q10 ${base - 124} -2 ${base - 122} Q-10 ${base - 121} -17 ${base - 114} Z`} fill={hair} />
      <circle cx="-6" cy={base - 110} r="1.8" fill="#2a2724" />
      <circle cx="6" cy={base - 110} r="1.8" fill="#2a2724" />
      <path d={`M-5 ${base - 103} Q0 ${base - 99} 5 ${base - 103}`} stroke="#2a2724" strokeWidth="1.8" fill="none" strokeLinecap="round" />
    </g>
  );
}

export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 600 480" aria-hidden="true" className={cn('h-auto w-full', className)}>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffecd3" />
          <stop offset="1" stopColor="#eef8f7" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect x="20" y="20" width="560" height="440" rx="56" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect x="20" y="20" width="560" height="440" fill="url(#hero-sky)" />
        {/* sun */}
        <circle cx="440" cy="124" r="78" fill="#fdd5a6" opacity="0.55" />
        <circle cx="440" cy="124" r="46" fill="#f9b86f" />
        {/* clouds */}
        <g fill="#ffffff" opacity="0.9">
          <path d="M92 118 q8 -20 30 -14 q10 -16 30 -6 q22 -2 22 18 q0 12 -14 12 h-64 q-14 0 -4 -10z" />
          <path d="M470 210 q6 -14 22 -10 q8 -12 22 -4 q16 -1 16 13 q0 9 -10 9 h-46 q-10 0 -4 -8z" />
        </g>
        {/* volcanoes */}
        <path d="M10 352 L150 176 Q162 162 174 176 L320 352 Z" fill="#acdcd8" />
        <path d="M168 352 L296 140 Q310 120 324 140 L466 352 Z" fill="#3fa19d" />
        <path d="M286 158 Q310 138 334 158 L324 140 Q310 120 296 140 Z" fill="#eef8f7" />
        <path d="M360 352 L462 206 Q472 194 482 206 L600 352 Z" fill="#76c2bd" />
        {/* smoke of the active one, like Fuego */}
        <g fill="#ffffff" opacity="0.85">
          <circle cx="318" cy="110" r="10" />
          <circle cx="334" cy="92" r="14" />
          <circle cx="356" cy="78" r="10" />
        </g>
        {/* fields */}
        <path d="M0 338 Q140 300 300 330 T600 318 L600 480 L0 480 Z" fill="#1f8582" />
        <path d="M0 382 Q170 344 320 372 T600 362 L600 480 L0 480 Z" fill="#146b6b" />
        <path d="M0 348 Q120 332 220 344" stroke="#3fa19d" strokeWidth="3" fill="none" opacity="0.6" />
        {/* school */}
        <g transform="translate(396 262)">
          <rect x="0" y="30" width="124" height="74" rx="4" fill="#fff8ef" />
          <path d="M-10 34 L62 -6 L134 34 Z" fill="#cf6220" />
          <rect x="50" y="62" width="24" height="42" rx="3" fill="#0d5c63" />
          <rect x="14" y="50" width="24" height="20" rx="3" fill="#acdcd8" />
          <rect x="86" y="50" width="24" height="20" rx="3" fill="#acdcd8" />
          <circle cx="62" cy="18" r="7" fill="#fff8ef" />
          <line x1="138" y1="104" x2="138" y2="-2" stroke="#524d46" strokeWidth="3" />
          <rect x="139" y="0" width="10" height="18" fill="#4997d0" />
          <rect x="149" y="0" width="10" height="18" fill="#ffffff" />
          <rect x="139" y="0" width="30" height="18" fill="none" stroke="#524d46" strokeWidth="1" />
          <rect x="159" y="0" width="10" height="18" fill="#4997d0" />
        </g>
        {/* shrubs */}
        <g fill="#3fa19d">
          <circle cx="58" cy="404" r="20" />
          <circle cx="82" cy="398" r="24" />
          <circle cx="104" cy="408" r="16" />
          <circle cx="536" cy="410" r="18" />
          <circle cx="558" cy="402" r="22" />
        </g>
        <g fill="#76c2bd" opacity="0.7">
          <circle cx="76" cy="390" r="8" />
          <circle cx="552" cy="394" r="7" />
        </g>
        {/* children */}
        <Child x={176} skin="#8d5524" shirt="#f4a259" hair="#1c1a18" arm="book" />
        <Child x={250} skin="#c68642" shirt="#ffffff" skirt="#cf6220" hair="#2a2724" arm="up" />
        <Child x={324} skin="#a0662f" shirt="#76c2bd" hair="#1c1a18" />
        {/* a heart held up, like a balloon */}
        <path d="M280 292 Q276 250 286 214" stroke="#fff8ef" strokeWidth="2" fill="none" />
        <path
          d="M286 212 c-2 0 -4 -1 -5.5 -2.3 C267 197 254 186 254 171 c0 -10 7.7 -18 17.3 -18 c6 0 11.4 3.2 14.7 8.2 c3.3 -5 8.7 -8.2 14.7 -8.2 c9.6 0 17.3 8 17.3 18 c0 15 -13 26 -27 38.7 c-1.5 1.3 -3.5 2.3 -5.5 2.3 z"
          fill="#ea7f2e"
        />
        <path d="M268 168 q2 -8 10 -9" stroke="#fff8ef" strokeWidth="3" strokeLinecap="round" fill="none" opacity="0.8" />
      </g>
    </svg>
  );
}
