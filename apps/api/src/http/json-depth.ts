// How deeply a JSON text nests, counted in one pass over its characters without building anything:
// JSON.parse, and every recursive walk after it (storing the value as jsonb), may overflow the stack
// on a body nested tens of thousands of levels deep, which no real message needs.

/** The deepest nesting any message we accept has use for. */
export const MAX_JSON_DEPTH = 64;

/** True when `text` opens more than `max` arrays or objects inside one another (brackets in strings do not count). */
export function jsonNestingExceeds(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
