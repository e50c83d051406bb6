// Short-lived signed access tokens (HS256 JWT). Only HS256 is accepted: `alg: none` and others fail.
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const ISSUER = 'donaciones-api';
const AUDIENCE = 'donaciones-web';

export function accessTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    /** Returns the claims, or null for any token that is not ours, is tampered with or has expired. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') return null;
        return { userId, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokenSigner = ReturnType<typeof accessTokenSigner>;
