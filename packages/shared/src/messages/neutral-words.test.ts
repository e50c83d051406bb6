// The catalogue speaks to every reader the same way: greetings, calls to action and the default donor
// levels are worded without gender ("Te damos la bienvenida", "Dona cada mes", levels named for a tree).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../schemas/settings';

const GENDERED = /\b(bienvenidos?|padrinos?|madrinas?|amig[oa]s?|benefactor(a|es)?|estimad[oa]s?|querid[oa]s?)\b/i;

describe('neutral wording', () => {
  it('no message of the catalogue greets or names the reader with a gendered word', () => {
    const dir = __dirname;
    const offending = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) =>
        readFileSync(join(dir, f), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
          .filter((line) => GENDERED.test(line))
          .map((line) => `${f}: ${line.trim()}`),
      );
    expect(offending).toEqual([]);
  });

  it('the default donor levels have no gender', () => {
    for (const level of DEFAULT_SETTINGS.levels.levels) expect(level.name).not.toMatch(GENDERED);
  });
});
