// Signed, expiring links that open one thing without signing in: the page where a donor manages a
// monthly gift from an email, uploads the slip of a bank deposit, or chooses how to go on sponsoring
// when the sponsored child left. Each token names its purpose
// and the one record it opens, so a token for one gift or donation opens nothing else, and a token
// made for one purpose is refused by every other. HS256 with the server's JWT secret, under its own
// audience, so an access token is never accepted here and a link token is never an access token.
import { SignJWT, jwtVerify } from 'jose';

export const LINK_PURPOSES = ['monthly-gift', 'deposit-slip', 'sponsorship-offer'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

export interface LinkClaims {
  purpose: LinkPurpose;
  /** The id of the record the link opens (a monthly gift, a donation, a sponsorship). */
  subject: number;
}

const ISSUER = 'donaciones-api';
const AUDIENCE = 'donaciones-link';
/** How long an emailed link keeps working. Every later email carries a fresh one. */
export const LINK_TTL_SECONDS = 60 * 60 * 24 * 60;
const DAY_SECONDS = 60 * 60 * 24;

export interface SignOptions {
  /** A deadline the link must outlive (a choice open until that day): the link then works through it, whole. */
  until?: Date | null;
}

export function signedLinks(secret: string, ttlSeconds = LINK_TTL_SECONDS) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims: LinkClaims, { until = null }: SignOptions = {}): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      const deadline = until ? Math.floor(until.getTime() / 1000) + DAY_SECONDS : 0;
      return new SignJWT({ pur: claims.purpose })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.subject))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(Math.max(now + ttlSeconds, deadline))
        .sign(key);
    },
    /** The record id for a valid token of this purpose; null when it is tampered with, expired or for something else. */
    async verify(token: string, purpose: LinkPurpose): Promise<number | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const subject = Number(payload.sub);
        if (payload.pur !== purpose || !Number.isSafeInteger(subject) || subject <= 0) return null;
        return subject;
      } catch {
        return null;
      }
    },
  };
}
export type SignedLinks = ReturnType<typeof signedLinks>;
