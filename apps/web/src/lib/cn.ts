// Joins class names, skipping falsy values; objects add their keys whose value is true.
export type ClassValue = string | number | false | null | undefined | Record<string, boolean | null | undefined> | ClassValue[];

export function cn(...values: ClassValue[]): string {
  const out: string[] = [];
  for (const value of values) {
    if (!value) continue;
    if (Array.isArray(value)) {
      const inner = cn(...value);
      if (inner) out.push(inner);
    } else if (typeof value === 'object') {
      for (const [key, on] of Object.entries(value)) if (on) out.push(key);
    } else {
      out.push(String(value));
    }
  }
  return out.join(' ');
}
