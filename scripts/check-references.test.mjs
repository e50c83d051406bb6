// The references check fails on a tracked file that cites an outside document, and only then.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findReferences, headingAnchors } from './check-references.mjs';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-references.mjs');

const repos = [];
afterEach(() => {
  for (const dir of repos.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway git repository holding `files`, all tracked. */
function repoWith(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'refs-'));
  repos.push(dir);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  execFileSync('git', ['add', '.'], { cwd: dir });
  return dir;
}

const run = (dir) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });

// The cited names are assembled so that this file itself cites nothing (the before-stop grep reads it too).
const SPEC = ['SPEC', 'md'].join('.');
const DECISIONS = ['DECISIONS', 'md'].join('.');
const TEAM = ['TEAM', 'md'].join('.');
const issue = (word, n) => `${word} ${n}`;

describe('scripts/check-references.mjs', () => {
  it('fails, naming the file and line, when a tracked file cites an outside document', () => {
    const dir = repoWith({ 'a.ts': `const x = 1;\n// Masking rule (${SPEC} §2).\n`, 'b.md': 'Fine.\n' });
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('a.ts:2:');
    expect(result.stderr).not.toContain('b.md');
  });

  it('passes when every file points inside the repository', () => {
    const dir = repoWith({ 'a.ts': '// Masking: docs/product.md#donor-privacy\nconst cell = "D1";\n', 'c.md': 'See docs/decisions/0004.\n' });
    const result = run(dir);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each([
    [`// ${DECISIONS} D4: one ledger`, 'x.ts'],
    ['// masking (D6) on every view', 'x.ts'],
    ['/** The route table (D7-D8). */', 'x.tsx'],
    [' * figures (D8/D9)', 'x.ts'],
    [`// The admin console (${issue('issue', 6)})`, 'x.ts'],
    [`Targets are set by ${issue('Issue', 8)}.`, 'x.md'],
    ['Processes keep no state (D3).', 'README.md'],
    [`// session contract of ${TEAM}`, 'x.ts'],
    ['// boundaries of HOUSE_STYLE.md', 'x.js'],
    ["// as the SPEC's English labels", 'x.ts'],
  ])('flags %j', (line, file) => {
    expect(findReferences(file, `${line}\n`)).toHaveLength(1);
  });

  it.each([
    ["const cell = sheet['D1'];", 'x.ts'],
    ['const D12 = 12; // twelve', 'x.ts'],
    ['test(`a11y.spec.ts keeps ${x}`);', 'x.ts'],
    ['const SPEC_ENGLISH = [/^Donation not found$/];', 'x.ts'],
    ['// Masking of donor names: docs/product.md#donor-privacy', 'x.ts'],
    ['See docs/decisions/0014-accounts-and-sessions.md (2 issues fixed).', 'x.md'],
    ['#D1 is a colour', 'x.css'],
  ])('does not flag %j', (line, file) => {
    expect(findReferences(file, `${line}\n`)).toEqual([]);
  });

  it('flags a cited section that docs/product.md does not have', () => {
    const anchors = headingAnchors('# The rules\n\n## Donor privacy\n\n## Money, currencies and formats\n');
    expect([...anchors]).toEqual(['the-rules', 'donor-privacy', 'money-currencies-and-formats']);
    expect(findReferences('x.ts', '// docs/product.md#donor-privacy, #money-currencies-and-formats\n', anchors)).toEqual([]);
    const [hit] = findReferences('x.ts', '// docs/product.md#donor-privacy, #masking\n', anchors);
    expect(hit.what).toContain('#masking');
    expect(findReferences('x.md', 'See [privacy](../product.md#privacy).\n', anchors)).toHaveLength(1);
  });
});
