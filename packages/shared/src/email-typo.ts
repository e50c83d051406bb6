// A likely slip in the domain of an email a donor types ("maria@gmial.com", "ana@hotmail.con"): the
// address is valid, so nothing refuses it, but the receipt, the deposit instructions and the monthly
// gift's link would never arrive. The form offers the address it probably is; the donor decides
// (docs/product.md#validation-rules). Only the domains most addresses in Guatemala use are known, and
// a domain one of them is never corrected to another.

/** Mail providers most donors use; an address at any of them is taken as typed. */
const KNOWN_DOMAINS = [
  'gmail.com',
  'hotmail.com',
  'hotmail.es',
  'outlook.com',
  'outlook.es',
  'live.com',
  'yahoo.com',
  'yahoo.es',
  'icloud.com',
  'me.com',
  'msn.com',
  'mail.com',
  'email.com',
  'ymail.com',
  'aol.com',
  'gmx.com',
  'protonmail.com',
  'proton.me',
];

/** The edits (insert, delete, replace, swap of two neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The address `email` probably is, when its domain is one or two slips away from a known provider's
 * ("gmial.com", "gmail.con", "hotmal.com"); null when it is a known domain, nothing like one, or not
 * an address at all (the form's own check says so).
 */
export function suggestEmail(email: string): string | null {
  const at = email.trim().lastIndexOf('@');
  if (at < 1) return null;
  const local = email.trim().slice(0, at);
  const domain = email.trim().slice(at + 1).toLowerCase();
  if (!domain.includes('.') || KNOWN_DOMAINS.includes(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const known of KNOWN_DOMAINS) {
    const distance = editDistance(domain, known);
    if (distance <= 2 && (!best || distance < best.distance)) best = { domain: known, distance };
  }
  return best ? `${local}@${best.domain}` : null;
}
