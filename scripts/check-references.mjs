// Fails when a tracked file cites a document that is not in the repository: the spec or the decision
// list it came from (and their section or decision numbers, "D4"), team notes, style guides, or
// tracker issue numbers (the word issue and a number). Comments and docs point to docs/product.md#<section> or to
// docs/decisions/NNNN-*.md instead, or state the rule. `npm run lint` and `npm test` run it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = 'scripts/check-references.mjs';
// The check and its test necessarily spell out what they look for.
const SKIPPED = new Set(['package-lock.json', SELF, 'scripts/check-references.test.mjs']);

/** Names of outside documents, anywhere in any file (case-sensitive: `a11y.spec.ts` is fine). */
const DOCUMENT_PATTERNS = [
  { pattern: /\bSPEC\b/, what: 'the product spec (use docs/product.md#<section>)' },
  { pattern: /§\s?\d/, what: 'a numbered section of an outside document (use docs/product.md#<section>)' },
  { pattern: /\bDECISIONS\b/, what: 'the product decision list (use docs/product.md#<section>)' },
  { pattern: /\bTEAM\.md\b/, what: 'team notes (state the rule instead)' },
  { pattern: /\bHOUSE_STYLE\b/, what: 'the style guide (state the rule instead)' },
  { pattern: /\b[Ii]ssues? #?\d+\b/, what: 'a tracker issue (say what the code does and why)' },
];

/**
 * "D4", "D7-D8", "D8/D9": decision numbers of the outside list. Looked for only in prose (comments of
 * code, and every line of other files) and only where no word, dot, quote or path joins them, so
 * code such as a spreadsheet cell `'D1'` or `ws.D12` is not taken for one.
 */
const DECISION_NUMBER = /(?<![\w.'"`/$#-])D\d{1,2}(?![\w'"`])/;
const CODE_FILE = /\.(?:[cm]?[jt]sx?|css)$/;

/** The prose of one line: its comment in code files (after `//`, or a block-comment line), else all of it. */
function proseOf(line, isCode) {
  if (!isCode) return line;
  const trimmed = line.trim();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*')) return line;
  const comment = line.search(/(?<!:)\/\/(?!\/)/);
  return comment >= 0 ? line.slice(comment) : '';
}

/** The anchors GitHub gives the `## ` headings of a markdown text: "Money, currencies and formats" -> money-currencies-and-formats. */
export function headingAnchors(markdown) {
  return new Set(
    markdown
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')),
  );
}

/** `product.md#a, #b`: every section cited, to check that it exists. */
const PRODUCT_SECTIONS = /product\.md#([\w-]+)((?:, #[\w-]+)*)/g;

/**
 * Every citation of an outside document in one file's text: `{ line, text, what }`. With `anchors`
 * (the sections of docs/product.md), a citation of a section that does not exist is one too.
 */
export function findReferences(filePath, text, anchors) {
  const isCode = CODE_FILE.test(filePath);
  const hits = [];
  text.split('\n').forEach((line, index) => {
    const found = DOCUMENT_PATTERNS.find(({ pattern }) => pattern.test(line));
    if (found) {
      hits.push({ line: index + 1, text: line.trim(), what: found.what });
    } else if (DECISION_NUMBER.test(proseOf(line, isCode))) {
      hits.push({ line: index + 1, text: line.trim(), what: 'a decision number of an outside list (use docs/product.md#<section> or docs/decisions/)' });
    } else if (anchors) {
      const missing = [...line.matchAll(PRODUCT_SECTIONS)]
        .flatMap((m) => [m[1], ...m[2].split(', #').filter(Boolean)])
        .filter((anchor) => !anchors.has(anchor));
      if (missing.length) hits.push({ line: index + 1, text: line.trim(), what: `a section docs/product.md lacks (#${missing.join(', #')})` });
    }
  });
  return hits;
}

/** Checks the files git tracks under `root`; returns the number of citations found (printed). */
export function checkRepository(root) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && !SKIPPED.has(file));
  let anchors;
  try {
    anchors = headingAnchors(readFileSync(path.join(root, 'docs/product.md'), 'utf8'));
  } catch {
    anchors = undefined; // no product page (a throwaway repository in the tests)
  }
  let count = 0;
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // deleted in the working tree, not yet committed
    }
    if (text.includes('\0')) continue; // binary
    for (const hit of findReferences(file, text, anchors)) {
      count += 1;
      console.error(`${file}:${hit.line}: cites ${hit.what}\n    ${hit.text.slice(0, 160)}`);
    }
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ? path.resolve(process.argv[2]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const count = checkRepository(root);
  if (count > 0) {
    console.error(`\n${count} reference(s) to documents outside the repository. Point to docs/product.md#<section> or docs/decisions/, or state the rule.`);
    process.exit(1);
  }
  console.log('References: every tracked file points inside the repository.');
}
