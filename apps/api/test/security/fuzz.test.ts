// Property-based fuzzing (docs/product.md#errors) of every endpoint the app registers: malformed,
// oversized, wrongly typed and boundary bodies, query strings, path ids, headers and content types.
// Whatever is sent: never a 5xx, errors are JSON with a Spanish `detail`, no stack trace or SQL text,
// and a refused request leaves every stored row as it was (row counts and checksums of the tables).
// FUZZ_RUNS multiplies the number of cases (default 1). Every run prints its seed; FUZZ_SEED=<seed>
// replays that run (README, Testing).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { DEFAULT_FISCAL_SETTINGS } from '@donaciones/shared/schemas/fiscal';
import { DEFAULT_SETTINGS } from '@donaciones/shared/schemas/settings';
import { DEFAULT_SPONSORSHIP_SETTINGS } from '@donaciones/shared/schemas/sponsorship';
import { putSettings } from '../../src/platform/settings';
import { loginAs } from '../support/auth';
import { createTestApp, type TestContext } from '../support/helpers';
import { dataSnapshot, excludedRoute, isSpanishMessage, leaksIn } from '../support/security';

const SCALE = Math.max(0.05, Number(process.env.FUZZ_RUNS ?? 1) || 1);
const runs = (n: number) => Math.max(3, Math.round(n * SCALE));
const seed = fuzzSeed(process.env.FUZZ_SEED);

/** The seed of this run: FUZZ_SEED when given (to replay a failure), else a fresh one. */
function fuzzSeed(given: string | undefined): number {
  if (given === undefined || given === '') return (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0;
  const value = Number(given);
  if (!Number.isSafeInteger(value)) throw new Error(`FUZZ_SEED must be an integer, got "${given}"`);
  return value | 0;
}
const V1 = '/api/v1';

type Actor = 'anonymous' | 'USER' | 'DONOR' | 'ADMIN' | 'forged';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Route {
  method: Method;
  url: string;
}

/**
 * A valid body of every route that takes one (null: the route reads no body). The fuzzer mutates
 * these; a new POST or PUT route without a sample fails the suite, so it is fuzzed from day one.
 */
const SAMPLES: Record<string, unknown> = {
  [`POST ${V1}/donate`]: { donorName: 'Lucía Ramírez', email: 'lucia.fuzz@correo.gt', phone: '+502 5555 1234', nit: 'CF', amount: 75, cardLast4: '4242', cardBrand: 'visa', frequency: 'monthly', allowDuplicateMonthly: false, acceptTerms: true },
  [`POST ${V1}/auth/register`]: { name: 'Ana Pérez', email: 'ana.fuzz@correo.gt', password: 'Segura123', confirmPassword: 'Segura123', acceptTerms: true },
  [`POST ${V1}/auth/login`]: { email: 'usuario@ejemplo.org', password: 'Demo1234' },
  [`POST ${V1}/auth/refresh`]: { refresh_token: 'r'.repeat(43) },
  [`POST ${V1}/auth/logout`]: { refresh_token: 'r'.repeat(43) },
  [`POST ${V1}/auth/forgot-password`]: { email: 'nadie.fuzz@correo.gt' },
  [`POST ${V1}/auth/reset-password`]: { token: 't'.repeat(43), password: 'NuevaClave9', confirmPassword: 'NuevaClave9' },
  [`POST ${V1}/auth/resend-verification`]: null,
  [`POST ${V1}/auth/login/code`]: { token: 't'.repeat(43), code: '123456' },
  [`POST ${V1}/auth/passkey/options`]: { token: 't'.repeat(43) },
  [`POST ${V1}/auth/passkey/verify`]: { challenge_id: '00000000-0000-4000-8000-000000000000', response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
  [`POST ${V1}/auth/enrol/totp`]: { token: 't'.repeat(43) },
  [`POST ${V1}/auth/enrol/totp/confirm`]: { token: 't'.repeat(43), code: '123456' },
  [`POST ${V1}/users/me/totp`]: null,
  [`POST ${V1}/users/me/totp/confirm`]: { code: '123456' },
  [`POST ${V1}/users/me/totp/remove`]: { password: 'NoEsLaClave1' },
  [`POST ${V1}/users/me/recovery-codes`]: { password: 'NoEsLaClave1' },
  [`POST ${V1}/users/me/passkeys/options`]: null,
  [`POST ${V1}/users/me/passkeys`]: { challenge_id: '00000000-0000-4000-8000-000000000000', response: { id: 'x' }, name: 'Teléfono' },
  [`POST ${V1}/users/me/sessions/end-others`]: null,
  [`POST ${V1}/admin/users/:id/sessions/end`]: null,
  [`POST ${V1}/admin/close/:month`]: null,
  [`PUT ${V1}/admin/donors/:id`]: { kind: 'person', name: 'Rosa Xicará', contactPerson: null, taxId: null, emails: [], phones: [], address: null, consentEmail: false, consentWhatsapp: false, notes: null, tags: [] },
  [`POST ${V1}/admin/donors/merge-preview`]: { survivorId: 1, mergedId: 2 },
  [`POST ${V1}/admin/donors/merge`]: { survivorId: 1, mergedId: 2 },
  [`POST ${V1}/admin/donors/merges/:id/undo`]: null,
  [`POST ${V1}/admin/donors/export`]: { format: 'csv', columns: ['name'] },
  [`POST ${V1}/admin/users/:id/second-step/reset`]: null,
  [`PUT ${V1}/admin/settings/security`]: { staff_second_step_required: false },
  [`POST ${V1}/user/change-password`]: { current_password: 'Demo1234', new_password: 'Cambiada123', confirm_password: 'Cambiada123' },
  [`PUT ${V1}/users/me/profile`]: { first_name: 'Nombre', last_name: 'Apellido', phone: '+502 5555 1234', address: 'Zona 1', email: 'usuario@ejemplo.org' },
  [`PUT ${V1}/users/me/preferences`]: {
    favorite_cause: 'Educación',
    communication_preferences: { email_notifications: true },
    privacy_settings: { show_donations_publicly: false, allow_contact: true },
  },
  [`POST ${V1}/donations`]: { donor_name: 'Carlos Gómez', donor_email: 'carlos.fuzz@correo.gt', amount: 100, currency: 'GTQ', donation_type: 'goods', description: 'Útiles' },
  [`POST ${V1}/donations/:id/process`]: null,
  [`POST ${V1}/donations/:id/cancel`]: null,
  [`POST ${V1}/admin/users`]: { email: 'alta.fuzz@correo.gt', first_name: 'Ana', last_name: 'Soto', role: 'USER', is_active: true },
  [`PUT ${V1}/admin/users/:id`]: { email: 'editada.fuzz@correo.gt', first_name: 'Ana', last_name: 'Soto', role: 'DONOR', is_active: true },
  [`POST ${V1}/admin/donations/:id/approve`]: null,
  [`POST ${V1}/admin/donations/:id/refund`]: { reason: 'El donante la hizo dos veces' },
  [`POST ${V1}/admin/payment-events/:id/refund`]: null,
  [`POST ${V1}/admin/donations/:id/fel/retry`]: null,
  [`POST ${V1}/admin/donations/:id/receipt/resend`]: null,
  [`POST ${V1}/admin/donations/:id/statement/resend`]: { year: 2026 },
  [`POST ${V1}/donate/retry`]: { ref: '#MG12345678' },
  [`POST ${V1}/payments/recurrente/webhook`]: { id: 'pa_fuzz', event_type: 'payment_intent.succeeded', checkout: { id: 'ch_fuzz' }, amount_in_cents: 100 },
  [`PUT ${V1}/admin/settings/bank-accounts`]: { accounts: [{ id: 'banrural', bank: 'Banrural', accountType: 'monetaria', number: '3-033-01234-5', holder: 'Fundación', hidden: false, sortOrder: 0 }] },
  [`PUT ${V1}/admin/settings/slip-storage`]: { per_donation_mb: 25, total_mb: 2048, retention_days: 90 },
  // The body of a slip upload is the file itself (application/octet-stream), never JSON: fuzzed JSON is refused.
  [`POST ${V1}/donations/:id/slip`]: null,
  // Sponsorship letters: a letter, its photo or scan (raw bodies like a slip), the staff's decisions and a child's reply.
  [`POST ${V1}/users/me/sponsorships/:sponsorshipId/letters`]: { body: 'Hola, te mando muchos saludos desde lejos.' },
  // Birthday gifts (decision 0055): the sponsor's one-time gift and staff's delivered mark.
  [`POST ${V1}/member/sponsorships/:sponsorshipId/birthday-gift`]: { amount: 150, paymentMethod: 'card', donorName: 'Marta Padrina', email: 'marta.fuzz@correo.gt', cardLast4: '4242', cardBrand: 'visa' },
  [`POST ${V1}/admin/sponsorship/birthday-gifts/:id/delivered`]: null,
  [`PUT ${V1}/users/me/letters/:id/photo`]: null,
  [`POST ${V1}/admin/letters/:id/approve`]: { redactions: [{ start: 0, end: 4 }], overrideReason: 'Habla de otra ciudad', translation: 'Hello' },
  [`POST ${V1}/admin/letters/:id/return`]: { reason: 'Pide datos de la casa' },
  [`POST ${V1}/admin/letters/:id/image-redactions`]: { boxes: [{ x: 0, y: 0, width: 4, height: 4 }] },
  [`POST ${V1}/admin/letters/:id/deliver`]: null,
  [`POST ${V1}/admin/letter-replies`]: { sponsorshipId: 1, body: 'Gracias por tu carta.', translation: 'Thank you for your letter.' },
  [`PUT ${V1}/admin/letters/:id/scan`]: null,
  // Progress reports: the staff's report, and its photo (a raw image body).
  [`POST ${V1}/admin/sponsorship/children/:id/progress-reports`]: { period: 'Primer semestre', reportDate: '2026-01-15', schoolGrade: 'Cuarto', attendancePercent: 95, achievement: 'Lee mejor', health: 'Sana', messageToSponsor: 'Un saludo grande desde la escuela.', staffNotes: 'Nota' },
  [`PUT ${V1}/admin/sponsorship/progress-reports/:id/photo`]: null,
  [`POST ${V1}/admin/sponsorship/children/export`]: { format: 'csv', staffFields: false },
  // Staff gift entry, imports, the email rate and sponsorship (the child's photo is a raw image body, like a slip).
  [`POST ${V1}/admin/gifts`]: { donorId: null, donorName: 'Rosa Xicará', donorEmail: 'rosa.fuzz@correo.gt', donorPhone: null, nit: 'CF', receivedOn: '2026-11-20', method: 'cheque', chequeNumber: '000123', chequeBank: 'Banrural', reference: null, inKindDescription: null, valuationBasis: null, amount: 300, currency: 'GTQ', programId: null, note: 'Entregado en oficina', completed: false },
  [`POST ${V1}/admin/imports/preview`]: { kind: 'donors', file_name: 'donantes.csv', content_base64: Buffer.from('Nombre,Correo\nAna Soto,ana.fuzz@correo.gt\n').toString('base64') },
  [`POST ${V1}/admin/imports`]: { kind: 'donors', file_name: 'donantes.csv', content_base64: Buffer.from('Nombre,Correo\nAna Soto,ana.fuzz@correo.gt\n').toString('base64'), mapping: { name: 'Nombre', email: 'Correo' }, dry_run: true },
  [`PUT ${V1}/admin/settings/email-delivery`]: { per_minute: 600, sent_retention_days: 180 },
  [`PUT ${V1}/admin/settings/sponsorship`]: DEFAULT_SPONSORSHIP_SETTINGS,
  [`POST ${V1}/member/sponsorship-offers/:sponsorshipId/choice`]: { choice: 'keep_giving' },
  [`POST ${V1}/sponsorship/offer/choice`]: { choice: 'keep_giving' },
  [`POST ${V1}/admin/sponsorship/children`]: { firstName: 'Niña', fullName: 'Niña Fuzz Prueba', birthDate: '2016-05-04', department: 'Guatemala', programId: null, story: 'Le gusta leer.', storyApproved: false, community: 'Aldea', school: 'Escuela', guardianName: 'Tutora', familySituation: 'Texto', notes: 'Nota', sponsorPlaces: 1 },
  [`PUT ${V1}/admin/sponsorship/children/:id`]: { firstName: 'Niño', fullName: 'Niño Fuzz Prueba', birthDate: '2015-02-03', department: 'Sololá', sponsorPlaces: 2 },
  [`POST ${V1}/admin/sponsorship/children/:id/status`]: { status: 'left', reason: 'Se mudó con su familia' },
  [`POST ${V1}/admin/sponsorship/children/:id/consents`]: { givenBy: 'María Tutora', relationship: 'Madre', givenOn: '2026-01-10', scope: 'photos_and_story', expiresOn: '2027-01-10' },
  [`POST ${V1}/admin/sponsorship/consents/:id/revoke`]: null,
  [`POST ${V1}/admin/sponsorship/children/:id/photos`]: null,
  [`POST ${V1}/sponsorship/holds`]: { childId: 1 },
  [`POST ${V1}/sponsorship/holds/:token/start`]: { donorName: 'Lucía Ramírez', email: 'lucia.fuzz@correo.gt', cardLast4: '4242', cardBrand: 'visa', acceptCodeOfConduct: true },
  [`PUT ${V1}/admin/settings/payments`]: { fee_percent: 4.5, fee_vat_percent: 12, usd_exchange_rate: 7.8, usd_exchange_rate_date: '2026-11-20' },
  [`POST ${V1}/admin/donations/:id/reject`]: { reason: 'La transferencia no llegó a la cuenta' },
  [`POST ${V1}/admin/donations/:id/void`]: { reason: 'Se registró dos veces' },
  [`POST ${V1}/admin/donations/:id/reopen`]: { reason: 'Trajo el comprobante del banco' },
  [`POST ${V1}/admin/donations/:id/adjust-amount`]: { amount: 150, reason: 'Llegó menos al banco' },
  [`POST ${V1}/admin/monthly-gifts/:id/cancel`]: { reason: 'Lo pidió el donante por teléfono' },
  [`POST ${V1}/member/monthly-gifts/:id/cancel`]: { reason: 'Ya no puedo donar cada mes' },
  [`POST ${V1}/member/monthly-gifts/:id/change-amount`]: { amount: 250 },
  [`POST ${V1}/monthly-gifts/manage/cancel`]: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.firma', reason: 'Ya no puedo' },
  [`POST ${V1}/monthly-gifts/manage/update-card`]: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.firma' },
  [`POST ${V1}/member/monthly-gifts/:id/pause`]: { months: 2 },
  [`POST ${V1}/member/monthly-gifts/:id/resume`]: null,
  [`POST ${V1}/monthly-gifts/manage/change-amount`]: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.firma', amount: 250 },
  [`POST ${V1}/monthly-gifts/manage/pause`]: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.firma', months: 1 },
  [`POST ${V1}/monthly-gifts/manage/resume`]: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.firma' },
  [`POST ${V1}/admin/bank-statements/preview`]: { bank: 'Banco fuzz', file_name: 'f.csv', content_base64: Buffer.from('Fecha;Descripción;Crédito\n02/03/2026;DEP;1.250,00\n').toString('base64') },
  [`POST ${V1}/admin/bank-statements`]: {
    bank: 'Banco fuzz',
    file_name: 'f.csv',
    content_base64: Buffer.from('Fecha;Descripción;Crédito\n02/03/2026;DEP;1.250,00\n').toString('base64'),
    mapping: { date: 'Fecha', description: 'Descripción', reference: null, credit: 'Crédito', debit: null },
  },
  [`POST ${V1}/admin/bank-statements/:id/lines/:lineId/confirm`]: { donation_id: 1 },
  [`POST ${V1}/admin/bank-statements/:id/lines/:lineId/donation`]: { donor_name: 'Ana Depósito', donor_email: 'ana@correo.com' },
  [`PUT ${V1}/admin/settings/fiscal`]: DEFAULT_FISCAL_SETTINGS,
  [`PUT ${V1}/admin/settings`]: DEFAULT_SETTINGS.system,
  [`PUT ${V1}/admin/organization`]: DEFAULT_SETTINGS.organization,
  [`PUT ${V1}/admin/impact`]: DEFAULT_SETTINGS.impact,
  [`PUT ${V1}/admin/levels`]: DEFAULT_SETTINGS.levels,
  [`POST ${V1}/admin/programs`]: { name: 'Programa fuzz', description: 'Texto', goal_amount: 5000, current_amount: 10, coming_soon: false, is_active: true, sort_order: 1 },
  [`PUT ${V1}/admin/programs/:id`]: { name: 'Programa fuzz', goal_amount: 5000 },
  [`POST ${V1}/admin/events`]: { type: 'campaign', title: 'Campaña fuzz', description: 'Texto', date: '2030-01-01T10:00:00-06:00', location: 'Zona 1', is_published: true },
  [`PUT ${V1}/admin/events/:id`]: { type: 'event', title: 'Evento fuzz', date: '2030-01-01T10:00:00Z' },
};

/** Query keys the routes read, so that the fuzzer hits real parameters as well as unknown ones. */
const QUERY_KEYS = ['limit', 'offset', 'status', 'donation_type', 'donor_email', 'q', 'period', 'format', 'delimiter', 'token', 'user_id', 'pendingDeposits', 'minAmount', 'maxAmount', 'since', 'page'];

/** Settings that a successful fuzzed PUT may have changed are put back, so later cases meet the defaults. */
const SETTINGS_ROUTES: Record<string, keyof typeof DEFAULT_SETTINGS> = {
  [`PUT ${V1}/admin/settings`]: 'system',
  [`PUT ${V1}/admin/organization`]: 'organization',
  [`PUT ${V1}/admin/impact`]: 'impact',
  [`PUT ${V1}/admin/levels`]: 'levels',
};

// ------------------------------------------------------------------ values that break naive code

const nastyStrings = [
  '', ' ', '\t', 'NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '1e309', '1e-400', '0x1F', '0b11', '1_000', '+1', '٣', '𝟙𝟚', '١٢٣٤',
  'null', 'undefined', 'true', '[]', '{}', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  "'; DROP TABLE users;--", '1 OR 1=1', "' UNION SELECT password_hash FROM users--", '$1', '%s%s%n', '{{7*7}}', '${7*7}',
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '../../../../etc/passwd', '%00', '\u0000',
  '\uFEFF', '\u202Eabc', '\uD800', 'ñandú ÁÉÍÓÚ', '😀👨‍👩‍👧', 'a'.repeat(256), 'é'.repeat(5_000), 'x'.repeat(30_000),
  'admin@ejemplo.org', 'ADMIN', 'completed', 'PENDING', 'monetary',
];
const SENT_TEXT = nastyStrings.join(' ');
const nastyNumbers = [
  0, -0, -1, 1, 0.001, 0.005, 1.005, 0.1 + 0.2, 99.999, 9_999.99, 10_000.01, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, 1e308, -1e308, 1e21, 123456789.123456,
];

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...nastyStrings, ...nastyNumbers, true, false, null, [], {}, [[[]]], [1, 'a'], { $gt: '' }, { $ne: null }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys a fuzzed body may add; the prototype keys are written as JSON text (JSON.stringify would drop them). */
const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'user_id', 'roles', 'role', 'status', 'is_admin', 'receipt_number', 'cardNumber', 'cvc', ''),
  fc.string({ maxLength: 12 }),
);

// ------------------------------------------------------------------ body cases

type Body = { kind: 'json'; text: string; contentType: string } | { kind: 'none' };

function json(value: unknown, contentType = 'application/json'): Body {
  return { kind: 'json', text: JSON.stringify(value) ?? 'null', contentType };
}

/** Every path of a sample that holds a value: ['amount'], ['privacy_settings', 'allow_contact'], ... */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix.length ? [prefix] : [];
  const inner = Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => pathsOf(v, [...prefix, k]));
  return prefix.length ? [prefix, ...inner] : inner;
}

function setAt(value: unknown, path: string[], op: 'replace' | 'delete', replacement?: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string, unknown>;
  const last = path[path.length - 1];
  if (op === 'delete') delete cursor[last];
  else cursor[last] = replacement;
  return copy;
}

/** Inserts raw JSON members at the start of the top-level object, or of a nested one. */
function withRawMember(sample: Record<string, unknown>, member: string, nestedKey?: string): string {
  const text = JSON.stringify(sample);
  if (nestedKey && sample[nestedKey] && typeof sample[nestedKey] === 'object') {
    const inner = JSON.stringify(sample[nestedKey]);
    return text.replace(`"${nestedKey}":${inner}`, `"${nestedKey}":{${member}${inner.length > 2 ? ',' : ''}${inner.slice(1)}`);
  }
  return `{${member}${text.length > 2 ? ',' : ''}${text.slice(1)}`;
}

function mutatedSample(sample: unknown): fc.Arbitrary<Body> {
  if (sample === null || typeof sample !== 'object') return fc.jsonValue({ maxDepth: 3 }).map((v) => json(v));
  const record = sample as Record<string, unknown>;
  const paths = pathsOf(sample);
  const nested = Object.keys(record).filter((k) => record[k] && typeof record[k] === 'object');
  const path = fc.constantFrom(...paths);
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(path, nastyValue).map(([p, v]) => json(setAt(sample, p, 'replace', v))) },
    { weight: 2, arbitrary: path.map((p) => json(setAt(sample, p, 'delete'))) },
    { weight: 2, arbitrary: fc.tuple(extraKey, nastyValue).map(([k, v]) => ({ kind: 'json' as const, text: withRawMember(record, `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`), contentType: 'application/json' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('"__proto__":{"polluted":"sí","roles":["ADMIN"]}', '"constructor":{"prototype":{"polluted":"sí"}}', '"__proto__":null', '"constructor":null'),
          fc.constantFrom(undefined, ...nested),
        )
        .map(([member, where]) => ({ kind: 'json' as const, text: withRawMember(record, member, where), contentType: 'application/json' })),
    },
    // Every field wrongly typed at once, or the sample's values in a wrapper.
    { weight: 1, arbitrary: nastyValue.map((v) => json(Object.fromEntries(Object.keys(record).map((k) => [k, v])))) },
    { weight: 1, arbitrary: fc.constantFrom(json([sample]), json({ data: sample }), json(Object.values(record))) },
  );
}

const deepArray = `${'['.repeat(3_000)}${']'.repeat(3_000)}`;
const deepObject = `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`;
const rawTexts = [
  '', ' ', '{', '}', '{"a":', '{"a":1,}', "{'a':1}", '{"a":1}{"b":2}', 'null', 'true', '0', '-1', '"texto"', '[]', '[{}]', 'NaN', '{"a":NaN}',
  '{"amount":Infinity}', '{"amount":1e999}', '{"amount":-1e999}', '\uFEFF{}', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}',
  '{"amount":1,"amount":"dos"}', '{"__proto__":{"polluted":"sí"}}', '{"constructor":{"prototype":{"polluted":"sí"}}}',
  deepArray, deepObject, `{"a":"${'x'.repeat(70 * 1024)}"}`, `[${'1,'.repeat(40_000)}1]`, 'a=1&b=2', '<xml><a>1</a></xml>',
];
const contentTypes = [
  'application/json', 'application/json; charset=utf-8', 'application/JSON', 'application/json; charset=latin1', 'text/plain', 'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=----x', 'application/xml', 'application/octet-stream',
  'application/vnd.api+json', 'application/json, text/plain', 'application/json;', '*/*', 'json', 'ñ/ñ',
];
const rawBody: fc.Arbitrary<Body> = fc
  .tuple(fc.constantFrom(...rawTexts), fc.constantFrom(...contentTypes))
  .map(([text, contentType]) => ({ kind: 'json' as const, text, contentType }));

// ------------------------------------------------------------------ path ids and query strings

/** A value that the id coercion would read as a small positive integer could name a real row: kept out. */
const couldNameARow = (s: string) => {
  const n = Number(s);
  return Number.isInteger(n) && n > 0 && n < 1_000_000;
};
const pathValue: fc.Arbitrary<{ value: string; encode: boolean }> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...nastyStrings.filter((s) => s.length < 300)) },
      { weight: 2, arbitrary: fc.constantFrom(...nastyNumbers.map(String), '1.5', '-5', '0', '00', '2147483648', '9'.repeat(40), '1e3', '12abc', '1;2', '1/2', '..', '%') },
      { weight: 2, arbitrary: fc.integer({ min: 1_000_000, max: 2 ** 31 - 1 }).map(String) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }) },
      { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
    ),
    fc.boolean(),
  )
  .filter(([value]) => !couldNameARow(value))
  // Printable ASCII may also go unencoded, as a hand-written URL would.
  .map(([value, raw]) => ({ value, encode: !(raw && /^[\x21-\x7e]*$/.test(value)) }));

/** encodeURIComponent, with lone surrogates (which it refuses) replaced as a browser would. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

function fillPath(url: string, values: { value: string; encode: boolean }[]): string {
  let i = 0;
  return url.replace(/:(\w+)/g, () => {
    const v = values[i++ % values.length];
    return v.encode ? encode(v.value) : v.value;
  });
}

const queryString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), extraKey), nastyValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')))), {
        maxLength: 6,
      })
      .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'limit=1&limit=2', 'limit[]=1', 'limit[$gt]=0', '__proto__[polluted]=s%C3%AD', 'constructor[prototype][polluted]=1', 'a=%E0%A4%A', '%', '%%%',
      'period=year&period=week', 'format=pdf&format=csv', 'status=completed&status[]=x', '=', '&&&', `q=${'x'.repeat(5_000)}`, 'offset=-0', 'limit=0x10',
      'limit=1e2', 'user_id=1', 'user_id=-1', 'token=', 'status=PENDING%00', 'q=%27%20OR%201%3D1--', 'donor_email=%25', `a=${'%F0%9F%98%80'.repeat(500)}`,
    ),
  },
);

// ------------------------------------------------------------------ the harness

let ctx: TestContext;
const routes: Route[] = [];
/** The query keys each route's schema declares (the fuzzer's QUERY_KEYS are a hand-kept sample). */
const queryKeysOf = new Map<string, string[]>();
const tokens = {} as Record<'USER' | 'DONOR' | 'ADMIN', string>;
let cases = 0;
let baseline: Record<string, string> = {};
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

const actorArb = fc.constantFrom<Actor>('ADMIN', 'ADMIN', 'DONOR', 'USER', 'anonymous', 'forged');
const forgedHeader = fc.constantFrom(
  'Bearer', 'Bearer ', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.', 'Basic YWRtaW46YWRtaW4=', 'bearer ' + 'x'.repeat(5_000), 'Bearer null',
  'Bearer undefined', 'Token abc', 'Bearer ' + '%00', 'Bearer ñ',
);

function headersFor(actor: Actor, forged: string): Record<string, string> {
  if (actor === 'anonymous') return {};
  if (actor === 'forged') return { authorization: forged };
  return { authorization: `Bearer ${tokens[actor]}` };
}

function keyOf(route: Route): string {
  return `${route.method} ${route.url}`;
}

/** The checks every answer must pass, whatever was sent. */
function checkAnswer(res: LightMyRequestResponse, requestText: string, label: string) {
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  // Stored fuzz strings come back in later answers: SQL-looking text the fuzzer itself sent is no leak.
  const leaks = leaksIn(res.body, `${requestText} ${SENT_TEXT}`);
  expect(leaks, `${label}: the answer leaks internals: ${res.body.slice(0, 300)}`).toEqual([]);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], `${label}: error answers are JSON`).toMatch(/^application\/json/);
    const body = res.json() as { detail?: unknown; errors?: Record<string, unknown> };
    expect(isSpanishMessage(body.detail, requestText), `${label}: detail in Spanish, got ${JSON.stringify(body.detail)}`).toBe(true);
    for (const [field, message] of Object.entries(body.errors ?? {})) {
      expect(isSpanishMessage(message, requestText), `${label}: errors.${field} in Spanish, got ${JSON.stringify(message)}`).toBe(true);
    }
  }
}

/** Sends one fuzzed request and checks the answer; a successful write becomes the new baseline. */
async function send(route: Route, options: InjectOptions & { url: string }, label: string) {
  cases += 1;
  const res = await ctx.app.inject({ ...options, remoteAddress: '10.9.9.9' });
  const requestText = `${options.url} ${typeof options.payload === 'string' ? options.payload : ''} ${JSON.stringify(options.headers ?? {})}`;
  checkAnswer(res, requestText, label);
  if (res.statusCode < 300 && route.method !== 'GET') {
    const settingsKey = SETTINGS_ROUTES[keyOf(route)];
    if (settingsKey) await putSettings(ctx.db, settingsKey, DEFAULT_SETTINGS[settingsKey]);
    baseline = await dataSnapshot(ctx.db);
  }
  return res;
}

/** Runs a property over the routes; after each route the stored data must equal the last accepted state. */
async function fuzzRoutes(
  list: Route[],
  numRuns: number,
  build: (route: Route) => fc.Arbitrary<{ options: InjectOptions & { url: string }; label: string }>,
) {
  for (const route of list) {
    baseline = await dataSnapshot(ctx.db);
    await fc.assert(
      fc.asyncProperty(build(route), async ({ options, label }) => {
        await send(route, options, label);
      }),
      { numRuns, seed, endOnFailure: true },
    );
    expect(await dataSnapshot(ctx.db), `${keyOf(route)}: a refused request changed stored data`).toEqual(baseline);
  }
}

/** Logging out with a real token would end the session the other cases use; it is fuzzed without one. */
const actorsFor = (route: Route): fc.Arbitrary<Actor> =>
  keyOf(route) === `POST ${V1}/auth/logout` ? fc.constantFrom<Actor>('anonymous', 'forged') : actorArb;

const validPath = (url: string) => url.replace(/:year/g, '2025').replace(/:(\w+)/g, '987654321');
const takesBody = (r: Route) => r.method === 'POST' || r.method === 'PUT';

beforeAll(async () => {
  console.warn(`security-fuzz seed ${seed} (replay: FUZZ_SEED=${seed} npx vitest run --project api test/security/fuzz.test.ts)`);
  ctx = await createTestApp({
    seed: true,
    // Throttles are proven in the auth and checkout suites; here they would only turn cases into 429s.
    config: { rateLimitEnabled: false },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (!excludedRoute(method, route.url)) routes.push({ method: method as Method, url: route.url });
      }
      const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
      queryKeysOf.set(route.url, Object.keys(query?.shape ?? {}));
    },
  });
  tokens.USER = (await loginAs(ctx.app, 'usuario@ejemplo.org', 'Demo1234')).access_token;
  tokens.DONOR = (await loginAs(ctx.app, 'donante@ejemplo.org', 'Demo1234')).access_token;
  tokens.ADMIN = (await loginAs(ctx.app, 'admin@ejemplo.org', 'Demo1234')).access_token;
}, 120_000);
afterAll(async () => ctx?.close());

describe('fuzzing every endpoint', () => {
  it('has a sample body for every route that takes one, and no sample for a route that is gone', () => {
    const keys = new Set(routes.map(keyOf));
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter(takesBody).map(keyOf).filter((k) => !(k in SAMPLES))).toEqual([]);
    expect(Object.keys(SAMPLES).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('malformed, oversized and wrongly typed JSON bodies', { timeout: 600_000 }, async () => {
    await fuzzRoutes(routes.filter(takesBody), runs(60), (route) =>
      fc.record({ actor: actorsFor(route), forged: forgedHeader, body: mutatedSample(SAMPLES[keyOf(route)]), key: fc.oneof(fc.uuid(), fc.constantFrom('', ' ', 'x'.repeat(300), 'clave ñ')) }).map(({ actor, forged, body, key }) => {
        const url = validPath(route.url);
        const headers: Record<string, string> = { ...headersFor(actor, forged), 'idempotency-key': key || randomUUID() };
        if (body.kind === 'json') headers['content-type'] = body.contentType;
        return {
          options: { method: route.method, url, headers, payload: body.kind === 'json' ? body.text : undefined },
          label: `${route.method} ${url} as ${actor} body ${body.kind === 'json' ? body.text.slice(0, 200) : ''}`,
        };
      }),
    );
  });

  it('invalid JSON, wrong content types and bodies past the size limit', { timeout: 600_000 }, async () => {
    await fuzzRoutes(routes.filter(takesBody), runs(20), (route) =>
      fc.record({ actor: actorsFor(route), forged: forgedHeader, body: rawBody }).map(({ actor, forged, body }) => {
        const url = validPath(route.url);
        const headers: Record<string, string> = { ...headersFor(actor, forged), 'idempotency-key': randomUUID() };
        if (body.kind === 'json') headers['content-type'] = body.contentType;
        return {
          options: { method: route.method, url, headers, payload: body.kind === 'json' ? body.text : undefined },
          label: `${route.method} ${url} as ${actor} ${body.kind === 'json' ? `${body.contentType} ${body.text.slice(0, 120)}` : ''}`,
        };
      }),
    );
  });

  it('query strings of every route', { timeout: 600_000 }, async () => {
    await fuzzRoutes(routes, runs(15), (route) =>
      fc.record({ actor: actorsFor(route), forged: forgedHeader, query: queryString }).map(({ actor, forged, query }) => {
        const url = `${validPath(route.url)}?${query}`;
        const sample = SAMPLES[keyOf(route)];
        return {
          options: {
            method: route.method,
            url,
            headers: { ...headersFor(actor, forged), ...(takesBody(route) ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}) },
            payload: takesBody(route) && sample !== null ? JSON.stringify(sample) : undefined,
          },
          label: `${route.method} ${url.slice(0, 300)} as ${actor}`,
        };
      }),
    );
  });

  it('path ids: huge, negative, fractional, NaN, unicode, traversal', { timeout: 600_000 }, async () => {
    await fuzzRoutes(
      routes.filter((r) => r.url.includes(':')),
      runs(30),
      (route) =>
        fc.record({ actor: actorsFor(route), forged: forgedHeader, values: fc.array(pathValue, { minLength: 1, maxLength: 2 }) }).map(({ actor, forged, values }) => {
          const url = fillPath(route.url, values);
          const sample = SAMPLES[keyOf(route)];
          return {
            options: {
              method: route.method,
              url,
              headers: { ...headersFor(actor, forged), ...(takesBody(route) ? { 'content-type': 'application/json' } : {}) },
              payload: takesBody(route) && sample !== null ? JSON.stringify(sample) : undefined,
            },
            label: `${route.method} ${url.slice(0, 300)} as ${actor}`,
          };
        }),
    );
  });

  it('unknown paths and wrong methods answer a JSON 404, never the app or a 5xx', { timeout: 600_000 }, async () => {
    baseline = await dataSnapshot(ctx.db);
    const segment = fc.oneof(fc.constantFrom(...nastyStrings.filter((s) => s.length < 100)), fc.string({ unit: 'grapheme', maxLength: 12 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (route, method, segments, extend) => {
          const url = extend ? `${V1}/${segments.map(encode).join('/')}` : validPath(route.url);
          if (!extend && routes.some((r) => r.method === method && r.url === route.url)) return;
          const res = await send({ method, url }, { method, url, headers: { authorization: `Bearer ${tokens.ADMIN}` } }, `${method} ${url}`);
          if (extend && !routes.some((r) => r.url === url)) expect(res.statusCode).toBeGreaterThanOrEqual(400);
        },
      ),
      { numRuns: runs(150), seed },
    );
    expect(await dataSnapshot(ctx.db)).toEqual(baseline);
  });

  describe('what the fuzzer found, pinned', () => {
    const admin = () => ({ authorization: `Bearer ${tokens.ADMIN}` });

    it('each field of every sample body set to a day or a number the database cannot hold is refused, never a 500', { timeout: 600_000 }, async () => {
      const strange: unknown[] = ['2026-02-30', '0000-01-01', '275760-09-13', 2_147_483_648, 99_999_999_999, 1e308, -1];
      for (const route of routes.filter((r) => takesBody(r) && keyOf(r) !== `POST ${V1}/auth/logout`)) {
        const sample = SAMPLES[keyOf(route)];
        if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) continue;
        const url = route.url.replace(/:year/g, '2025').replace(/:(\w+)/g, '1');
        for (const [field, value] of Object.entries(sample).flatMap(([k]) => strange.map((v) => [k, v] as const))) {
          const payload = JSON.stringify({ ...sample, [field]: value });
          await send(route, { method: route.method, url, headers: { ...admin(), 'content-type': 'application/json', 'idempotency-key': randomUUID() }, payload }, `${route.method} ${url} ${field}=${String(value)}`);
        }
      }
    });

    it('a crafted page cursor, in every query key named for one, is refused, never a 500', { timeout: 300_000 }, async () => {
      // Year 0000 is a date to JavaScript, not to PostgreSQL; a donor cursor is JSON the client sends back.
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const crafted = [
        '0000-01-01T00:00:00.000000Z_1', '2026-02-30T25:00:00.000000Z_1', '2026-02-28T10:00:00.000000Z_99999999999999', '9999-12-31T23:59:59.999999Z_1',
        b64({ name: 'x', id: 99_999_999_999 }), b64({ name: 'a\u0000b', id: 1 }), b64({ name: 'x', id: -1 }), b64([null]), b64(null), 'no-es-un-cursor',
      ];
      baseline = await dataSnapshot(ctx.db);
      for (const route of routes.filter((r) => r.method === 'GET')) {
        for (const key of (queryKeysOf.get(route.url) ?? []).filter((k) => /cursor|after|before/i.test(k))) {
          for (const value of crafted) {
            const url = `${validPath(route.url)}?${key}=${encodeURIComponent(value)}`;
            await send(route, { method: 'GET', url, headers: admin() }, url);
          }
        }
      }
      expect(await dataSnapshot(ctx.db)).toEqual(baseline);
    });

    it('an id past the database\'s integer or a day that does not exist, in every path and query key a route declares, is refused, never a 500', { timeout: 300_000 }, async () => {
      // A schema that reads an id without the integer's bound let 2147483648 reach PostgreSQL ("out of range"):
      // resetting a staff member's second step, a passkey's removal, the public children's programme filter;
      // the donors' date filters took 2026-02-30 by its shape alone.
      baseline = await dataSnapshot(ctx.db);
      for (const route of routes.filter((r) => keyOf(r) !== `POST ${V1}/auth/logout`)) {
        const sample = SAMPLES[keyOf(route)];
        const body = takesBody(route) && sample !== null ? { 'content-type': 'application/json', payload: JSON.stringify(sample) } : {};
        const urls = [
          ...(route.url.includes(':') ? ['2147483648', '99999999999'].map((id) => route.url.replace(/:(\w+)/g, id)) : []),
          ...(queryKeysOf.get(route.url) ?? []).flatMap((key) =>
            ['2147483648', '99999999999', '2026-02-30', '0000-01-01'].map((value) => `${validPath(route.url)}?${key}=${value}`),
          ),
        ];
        for (const url of urls) {
          const { payload, ...contentType } = body as { payload?: string };
          await send(route, { method: route.method, url, headers: { ...admin(), ...contentType, 'idempotency-key': randomUUID() }, payload }, `${route.method} ${url}`);
        }
      }
      expect(await dataSnapshot(ctx.db)).toEqual(baseline);
    });

    it('a malformed percent-encoding or an over-long path id: Spanish JSON, not the router\'s English text', async () => {
      for (const url of [`${V1}/donations/%s%s%n`, `${V1}/receipts/%E0%A4%A.pdf`, `${V1}/admin/users/${'9'.repeat(300)}`]) {
        const res = await send({ method: 'GET', url }, { method: 'GET', url, headers: admin() }, url);
        expect([400, 404, 414]).toContain(res.statusCode);
        expect(res.json()).toEqual({ detail: expect.any(String) });
        expect(res.body).not.toMatch(/FST_|Bad Request|valid url/);
      }
    });

    it('zod\'s own messages (schemas without one) are answered in Spanish', async () => {
      const url = `${V1}/users/me/profile`;
      const res = await send({ method: 'PUT', url }, { method: 'PUT', url, headers: { ...admin(), 'content-type': 'application/json' }, payload: '[1]' }, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^Entrada inválida/);
      const limit = await send({ method: 'GET', url: `${V1}/dashboard/events/upcoming` }, { method: 'GET', url: `${V1}/dashboard/events/upcoming?limit=1&limit=2`, headers: admin() }, 'limit');
      expect(limit.statusCode).toBe(400);
      expect(isSpanishMessage(limit.json().detail)).toBe(true);
    });

    it('an amount JavaScript writes in exponent notation (2e-323) is refused like any amount finer than a cent, not a 500', async () => {
      const before = await dataSnapshot(ctx.db);
      const url = `${V1}/admin/programs`;
      const payload = JSON.stringify({ name: 'Programa diminuto', goal_amount: 2e-323, current_amount: 5e-324 });
      const res = await send({ method: 'POST', url }, { method: 'POST', url, headers: { ...admin(), 'content-type': 'application/json' }, payload }, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({ goal_amount: 'El monto admite como máximo dos decimales', current_amount: 'El monto admite como máximo dos decimales' });
      expect(await dataSnapshot(ctx.db)).toEqual(before);
    });

    it('a NUL character in a search, a filter or a body is refused with 400 (PostgreSQL cannot store it: it was a 500)', async () => {
      const before = await dataSnapshot(ctx.db);
      const gets = [`${V1}/admin/donations?q=a%00b`, `${V1}/admin/users?q=%00`, `${V1}/donations?donor_email=%00%40x.gt`];
      for (const url of gets) {
        const res = await send({ method: 'GET', url }, { method: 'GET', url, headers: admin() }, url);
        expect(res.statusCode, url).toBe(400);
      }
      const url = `${V1}/donations`;
      const body = { donor_name: 'Nombre', donor_email: 'nul@correo.gt', amount: 10, currency: 'GTQ', description: 'antes\u0000después' };
      const res = await send({ method: 'POST', url }, { method: 'POST', url, headers: { ...admin(), 'content-type': 'application/json' }, payload: JSON.stringify(body) }, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Los datos enviados no son válidos.');
      expect(await dataSnapshot(ctx.db)).toEqual(before);
    });

    it('half a surrogate pair (\\ud800) in a text is refused with 400 (jsonb on PostgreSQL refused it: a 500)', async () => {
      const before = await dataSnapshot(ctx.db);
      const url = `${V1}/admin/organization`;
      const payload = JSON.stringify({ ...DEFAULT_SETTINGS.organization, name: 'Fundación' }).replace('Fundación', '\\ud800');
      expect(payload).toContain('"name":"\\ud800"');
      const res = await send({ method: 'PUT', url }, { method: 'PUT', url, headers: { ...admin(), 'content-type': 'application/json' }, payload }, url);
      expect(res.statusCode).toBe(400);
      // Whole pairs (emoji) and accents are ordinary text.
      const search = `${V1}/admin/donations?q=${encodeURIComponent('😀 ñ')}`;
      const ok = await send({ method: 'GET', url: `${V1}/admin/donations` }, { method: 'GET', url: search, headers: admin() }, search);
      expect(ok.statusCode).toBe(200);
      expect(await dataSnapshot(ctx.db)).toEqual(before);
    });

    it('many programs with one name all get a slug of their own (the 51st answered 500)', { timeout: 120_000 }, async () => {
      const url = `${V1}/admin/programs`;
      const payload = JSON.stringify({ name: 'Mismo nombre', goal_amount: 100 });
      const slugs = new Set<string>();
      for (let i = 0; i < 60; i++) {
        const res = await send({ method: 'POST', url }, { method: 'POST', url, headers: { ...admin(), 'content-type': 'application/json' }, payload }, `${url} #${i + 1}`);
        expect(res.statusCode).toBe(201);
        slugs.add((res.json() as { slug: string }).slug);
      }
      expect(slugs.size).toBe(60);
    });
  });

  it('left the prototype of every object alone, and counted the cases', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(cases).toBeGreaterThan(1_000 * Math.min(1, SCALE));
    process.stdout.write(`fuzzing: ${cases} casos en ${routes.length} rutas\n`);
  });
});
