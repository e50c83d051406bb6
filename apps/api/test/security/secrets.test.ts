// No secret in the repository: every tracked file is scanned for private keys, cloud and
// service tokens, credentials inside connection URLs and secret settings with real values, and
// files that must never be committed (.env, key files, the generated DATA_DIR/secrets.json).
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SECRET_PATTERNS: [string, RegExp][] = [
  ['private key', /-----BEGIN (?:(?:RSA|DSA|EC|OPENSSH|PGP|ENCRYPTED) )?PRIVATE KEY(?: BLOCK)?-----/],
  ['AWS access key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{50,})\b/],
  ['Slack token', /\bxox[abposr]-[A-Za-z0-9-]{10,}/],
  ['Stripe live key', /\b(?:sk|rk)_live_[A-Za-z0-9]{16,}/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['SendGrid key', /\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b/],
  ['signed JWT', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{20,}/],
  ['password in a connection URL', /\b(?:postgres(?:ql)?|redis|rediss|smtps?|mysql|mongodb(?:\+srv)?|amqps?):\/\/[^\s:/@'"`]+:(?!(?:password|contraseña|clave|pass|secret|changeme|\*+|x+|\$\{[^}]+\}|<[^>]+>)@)[^\s@'"`/]+@/i],
  ['secret setting with a value', /\b(?:JWT_SECRET|COOKIE_SECRET|ADMIN_PASSWORD|SMTP_PASSWORD|API_KEY|SECRET_KEY)\s*[=:]\s*['"]?(?!\$\{|<|\.\.\.|['"]?$)[A-Za-z0-9+/_=-]{16,}/],
];

const FORBIDDEN_FILES = [/(^|\/)\.env(\..+)?$/, /\.(pem|key|p12|pfx|jks|keystore)$/i, /(^|\/)id_(rsa|dsa|ecdsa|ed25519)$/, /(^|\/)secrets\.json$/, /(^|\/)data\/.+/];
/** Examples that document the format of a setting (e.g. .env.example) may be committed. */
const ALLOWED_FILES = [/(^|\/)\.env\.example$/];

function secretsIn(text: string): string[] {
  return SECRET_PATTERNS.filter(([, re]) => re.test(text)).map(([name, re]) => `${name}: ${String(re.exec(text)?.[0]).slice(0, 40)}`);
}

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);

describe('no secret in the repository', () => {
  it('the scanner recognises each kind of secret (so a clean result means something)', () => {
    const samples = [
      ['-----BEGIN', 'RSA PRIVATE KEY-----'].join(' '),
      ['AKIA', 'Z'.repeat(16)].join(''),
      ['ghp', '_', 'a'.repeat(36)].join(''),
      ['xoxb', '-', '1'.repeat(12)].join(''),
      ['sk', '_live_', 'b'.repeat(24)].join(''),
      ['AIza', 'c'.repeat(35)].join(''),
      ['eyJ', 'hbGciOiJIUzI1NiJ9', '.eyJ', 'zdWIiOiIxMjMifQ', '.', 'd'.repeat(43)].join(''),
      ['postgres://app', ':S3cr3tPw@', 'db.example.org/donaciones'].join(''),
      ['JWT_SECRET', '=', 'e'.repeat(48)].join(''),
    ];
    for (const sample of samples) expect(secretsIn(sample), sample).toHaveLength(1);
    // Placeholders and password-less URLs, as the docs use them, are not secrets.
    for (const fine of ['postgres://postgres@127.0.0.1:5432/test', 'postgres://user:password@host/db', 'JWT_SECRET=${JWT_SECRET}', 'JWT_SECRET=<al menos 32 caracteres>']) {
      expect(secretsIn(fine), fine).toEqual([]);
    }
  });

  it('no tracked file is a secret file (.env, keys, DATA_DIR)', () => {
    expect(tracked.length).toBeGreaterThan(50);
    const offending = tracked.filter((f) => FORBIDDEN_FILES.some((re) => re.test(f)) && !ALLOWED_FILES.some((re) => re.test(f)));
    expect(offending).toEqual([]);
  });

  it('no tracked file contains a private key, a token or a credential', () => {
    const found: string[] = [];
    for (const file of tracked) {
      if (file === 'package-lock.json') continue; // integrity hashes only
      const full = path.join(root, file);
      let size: number;
      try {
        size = statSync(full).size;
      } catch {
        continue; // tracked but deleted in the work tree
      }
      if (size > 5_000_000) continue;
      const buffer = readFileSync(full);
      if (buffer.includes(0)) continue; // binary (fonts, images)
      for (const hit of secretsIn(buffer.toString('utf8'))) found.push(`${file}: ${hit}`);
    }
    expect(found).toEqual([]);
  });
});
