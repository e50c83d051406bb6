// The only reader of process.env: validated once, fails fast with a clear message.
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '@donaciones/shared/schemas/payments';
import { SIMULATED_PROVIDER } from './domain/payments/simulated/provider';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Names proxy-addr knows for address ranges, besides addresses and CIDR blocks. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none (false), the number of proxy
 * hops in front of the app (the client is the entry that many hops from the right), or the proxies'
 * addresses and CIDR ranges. "true" (trust every hop) is refused: any client could then choose its
 * own address and escape per-IP limits.
 */
const trustProxySetting = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'no') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((e) => e.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      'TRUST_PROXY debe ser el número de proxies delante de la aplicación (p. ej. 1) o sus direcciones/rangos CIDR separados por comas (p. ej. 10.0.0.0/8); "true" (confiar en todos) no se admite',
  });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar con postgres://').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL debe empezar con redis://').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL debe empezar con smtp:// o smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Donaciones <no-responder@localhost>'),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
  COOKIE_SECRET: z.string().min(32, 'COOKIE_SECRET debe tener al menos 32 caracteres').optional(),
  /** 32 bytes, as 64 hex digits or base64: seals secrets kept in the database (authenticator apps). */
  DATA_ENCRYPTION_KEY: z
    .string()
    .trim()
    .transform((raw, ctx) => {
      const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) ? Buffer.from(raw, 'base64') : null;
      if (key?.length === 32) return key;
      ctx.addIssue({ code: 'custom', message: 'DATA_ENCRYPTION_KEY debe ser de 32 bytes: 64 dígitos hexadecimales o base64 (openssl rand -hex 32)' });
      return z.NEVER;
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  /** Set the Secure flag on cookies; defaults to true when PUBLIC_URL is https. */
  COOKIE_SECURE: bool.optional(),
  DEMO_SEED: bool.default(true),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  WEB_DIST: z.string().optional(),
  /** Background jobs (email outbox, expiry of stale donations) can be switched off per process. */
  RUN_JOBS: bool.default(true),
  /** When set, every background job runs at this interval instead of its own (tests, benchmarks). */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(50).max(86_400_000).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** On/off switch: 0 turns off every rate limit and the sign-in, registration and recovery throttles (load tests only). */
  RATE_LIMIT_ENABLED: bool.default(true),
  /** Public checkout (POST /donate) requests per IP per minute. */
  DONATE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Who charges card donations: `simulated` (offline demo, no money moves) or `recurrente`. */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS, { error: 'PAYMENT_PROVIDER debe ser simulated o recurrente' }).default(SIMULATED_PROVIDER),
  RECURRENTE_PUBLIC_KEY: z.string().min(1).optional(),
  RECURRENTE_SECRET_KEY: z.string().min(1).optional(),
  RECURRENTE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'RECURRENTE_WEBHOOK_SECRET debe empezar con whsec_ seguido del secreto en base64')
    .optional(),
  RECURRENTE_API_URL: z.url('RECURRENTE_API_URL debe ser una URL').default('https://app.recurrente.com/api'),
  /** Who certifies receipts with SAT as "Recibo por donación" (FEL): `off` or `infile` (see README, Recibos electrónicos FEL). */
  FEL_PROVIDER: z.enum(['off', 'infile'], { error: 'FEL_PROVIDER debe ser off o infile' }).default('off'),
  FEL_INFILE_USUARIO_FIRMA: z.string().min(1).optional(),
  FEL_INFILE_LLAVE_FIRMA: z.string().min(1).optional(),
  FEL_INFILE_USUARIO_API: z.string().min(1).optional(),
  FEL_INFILE_LLAVE_API: z.string().min(1).optional(),
  FEL_INFILE_URL: z.url('FEL_INFILE_URL debe ser una URL').default('https://certificador.feel.com.gt/fel/procesounificado/transaccion/v2/xml'),
  FEL_INFILE_TIMEOUT_MS: z.coerce.number().int().min(1000, 'FEL_INFILE_TIMEOUT_MS debe ser al menos 1000').max(300_000).default(60_000),
  FEL_TIPO_PERSONERIA: z.coerce
    .number({ error: 'FEL_TIPO_PERSONERIA debe ser el código numérico de personería del catálogo de SAT' })
    .int('FEL_TIPO_PERSONERIA debe ser el código numérico de personería del catálogo de SAT')
    .positive('FEL_TIPO_PERSONERIA debe ser el código numérico de personería del catálogo de SAT')
    .optional(),
  FEL_CODIGO_ESTABLECIMIENTO: z.coerce
    .number()
    .int()
    .min(1, 'FEL_CODIGO_ESTABLECIMIENTO debe estar entre 1 y 9999')
    .max(9999, 'FEL_CODIGO_ESTABLECIMIENTO debe estar entre 1 y 9999')
    .default(1),
  FEL_AFILIACION_IVA: z.enum(['GEN', 'EXE', 'PEQ', 'PEE', 'AGR', 'AGE'], { error: 'FEL_AFILIACION_IVA debe ser GEN, EXE, PEQ, PEE, AGR o AGE' }).default('GEN'),
  FEL_EMISOR_CODIGO_POSTAL: z.string().regex(/^\d{1,9}$/, 'FEL_EMISOR_CODIGO_POSTAL debe tener solo dígitos').default('01001'),
  FEL_EMISOR_MUNICIPIO: z.string().trim().min(1).max(100).default('Guatemala'),
  FEL_EMISOR_DEPARTAMENTO: z.string().trim().min(1).max(100).default('Guatemala'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string;
  cookieSecret: string;
  /** AES-256-GCM key of the secrets kept in the database (platform/data-encryption.ts). */
  dataEncryptionKey: Buffer;
  logLevel: Env['LOG_LEVEL'];
  /** false, a number of proxy hops, or the proxies' addresses and ranges (see trustProxySetting). */
  trustProxy: false | number | string[];
  cookieSecure: boolean;
  demoSeed: boolean;
  adminEmail?: string;
  adminPassword?: string;
  webDist?: string;
  runJobs: boolean;
  jobsIntervalMs?: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  rateLimitEnabled: boolean;
  donateRateLimitPerMinute: number;
  payments: PaymentsConfig;
  fel: FelConfig;
}

export type PaymentsConfig =
  | { provider: typeof SIMULATED_PROVIDER }
  | { provider: 'recurrente'; publicKey: string; secretKey: string; webhookSecret: string; apiUrl: string };

/** Electronic certification of receipts (decision 0021): off, or Infile's unified endpoint with the issuer's SAT data. */
export type FelConfig =
  | { provider: 'off' }
  | {
      provider: 'infile';
      usuarioFirma: string;
      llaveFirma: string;
      usuarioApi: string;
      llaveApi: string;
      url: string;
      timeoutMs: number;
      tipoPersoneria: number;
      codigoEstablecimiento: number;
      afiliacionIva: 'GEN' | 'EXE' | 'PEQ' | 'PEE' | 'AGR' | 'AGE';
      codigoPostal: string;
      municipio: string;
      departamento: string;
    };

export class ConfigError extends Error {}

/** Secrets not given in the environment are generated once and kept in DATA_DIR. */
function loadOrCreateSecrets(dataDir: string): { jwtSecret: string; cookieSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const parsed = z.object({ jwtSecret: z.string().min(32), cookieSecret: z.string().min(32) }).safeParse(
      JSON.parse(readFileSync(file, 'utf8')),
    );
    if (parsed.success) return parsed.data;
  }
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), cookieSecret: randomBytes(48).toString('base64url') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Configuración inválida:\n${lines}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR);
  if (env.NODE_ENV === 'production') {
    const missing = ['JWT_SECRET', 'COOKIE_SECRET', 'DATA_ENCRYPTION_KEY'].filter((k) => !env[k as keyof Env]);
    if (missing.length) throw new ConfigError(`En producción se requieren: ${missing.join(', ')}`);
  }
  const payments = paymentsConfig(env);
  const fel = felConfig(env);
  const secrets =
    env.JWT_SECRET && env.COOKIE_SECRET
      ? { jwtSecret: env.JWT_SECRET, cookieSecret: env.COOKIE_SECRET }
      : { ...loadOrCreateSecrets(dataDir), ...(env.JWT_SECRET ? { jwtSecret: env.JWT_SECRET } : {}), ...(env.COOKIE_SECRET ? { cookieSecret: env.COOKIE_SECRET } : {}) };
  const port = overrides.port ?? env.PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl,
    jwtSecret: secrets.jwtSecret,
    cookieSecret: secrets.cookieSecret,
    // Outside production, derived from the signing secret (kept in DATA_DIR/secrets.json), so the demo
    // and the tests need nothing more; production requires its own key.
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY ?? Buffer.from(hkdfSync('sha256', secrets.jwtSecret, 'donaciones', 'data-encryption-key', 32)),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    cookieSecure: env.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    demoSeed: env.NODE_ENV === 'production' ? false : env.DEMO_SEED,
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    webDist: env.WEB_DIST,
    runJobs: env.RUN_JOBS,
    jobsIntervalMs: env.JOBS_INTERVAL_MS,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    rateLimitEnabled: env.RATE_LIMIT_ENABLED,
    donateRateLimitPerMinute: env.DONATE_RATE_LIMIT_PER_MINUTE,
    payments,
    fel,
    ...overrides,
  };
}

/** With Recurrente the two API keys and the webhook secret are required (see README, Pagos con Recurrente). */
function paymentsConfig(env: Env): PaymentsConfig {
  if (env.PAYMENT_PROVIDER === SIMULATED_PROVIDER) return { provider: SIMULATED_PROVIDER };
  const { RECURRENTE_PUBLIC_KEY: publicKey, RECURRENTE_SECRET_KEY: secretKey, RECURRENTE_WEBHOOK_SECRET: webhookSecret } = env;
  if (!publicKey || !secretKey || !webhookSecret) {
    const missing = Object.entries({ RECURRENTE_PUBLIC_KEY: publicKey, RECURRENTE_SECRET_KEY: secretKey, RECURRENTE_WEBHOOK_SECRET: webhookSecret })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw new ConfigError(`Con PAYMENT_PROVIDER=recurrente se requieren: ${missing.join(', ')} (ver README, sección Pagos con Recurrente)`);
  }
  return { provider: 'recurrente', publicKey, secretKey, webhookSecret, apiUrl: env.RECURRENTE_API_URL.replace(/\/$/, '') };
}

/** With Infile the four credentials and the issuer's personería are required (see README, Recibos electrónicos FEL). */
function felConfig(env: Env): FelConfig {
  if (env.FEL_PROVIDER === 'off') return { provider: 'off' };
  const required = {
    FEL_INFILE_USUARIO_FIRMA: env.FEL_INFILE_USUARIO_FIRMA,
    FEL_INFILE_LLAVE_FIRMA: env.FEL_INFILE_LLAVE_FIRMA,
    FEL_INFILE_USUARIO_API: env.FEL_INFILE_USUARIO_API,
    FEL_INFILE_LLAVE_API: env.FEL_INFILE_LLAVE_API,
    FEL_TIPO_PERSONERIA: env.FEL_TIPO_PERSONERIA,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length) throw new ConfigError(`Con FEL_PROVIDER=infile se requieren: ${missing.join(', ')} (ver README, sección Recibos electrónicos FEL)`);
  return {
    provider: 'infile',
    usuarioFirma: env.FEL_INFILE_USUARIO_FIRMA!,
    llaveFirma: env.FEL_INFILE_LLAVE_FIRMA!,
    usuarioApi: env.FEL_INFILE_USUARIO_API!,
    llaveApi: env.FEL_INFILE_LLAVE_API!,
    url: env.FEL_INFILE_URL,
    timeoutMs: env.FEL_INFILE_TIMEOUT_MS,
    tipoPersoneria: env.FEL_TIPO_PERSONERIA!,
    codigoEstablecimiento: env.FEL_CODIGO_ESTABLECIMIENTO,
    afiliacionIva: env.FEL_AFILIACION_IVA,
    codigoPostal: env.FEL_EMISOR_CODIGO_POSTAL,
    municipio: env.FEL_EMISOR_MUNICIPIO,
    departamento: env.FEL_EMISOR_DEPARTAMENTO,
  };
}
