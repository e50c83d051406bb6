// Domain errors: services say what went wrong with a code and a Spanish detail for the client; the one
// error handler (http/error-handler.ts) chooses the HTTP status of each code (docs/product.md#errors).
import { minutesToWait } from '@donaciones/shared/format';
import { httpMessages } from '@donaciones/shared/messages/shell';
import { errorMessages } from './messages/errors';

export type ErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** An idempotency key reused with a different request. */
  | 'key_reused'
  | 'payment_declined'
  | 'rate_limited'
  /** The payment provider failed or could not be reached. */
  | 'provider_failed'
  | 'unavailable';

export class DomainError extends Error {
  /** A machine-readable reason sent as the answer's `code`, where the client acts on it. */
  readonly publicCode?: string;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Per-field messages, shaped like a validation answer's `errors`. */
    readonly fields?: Record<string, string>,
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  constructor(detail: string = errorMessages.invalidInput, fields?: Record<string, string>) {
    super('invalid_input', detail, fields);
  }
}
export class UnauthenticatedError extends DomainError {
  constructor(detail: string = errorMessages.unauthorized) {
    super('unauthenticated', detail);
  }
}
export class ForbiddenError extends DomainError {
  constructor(detail: string = errorMessages.forbidden) {
    super('forbidden', detail);
  }
}
export class NotFoundError extends DomainError {
  constructor(detail: string = errorMessages.notFound) {
    super('not_found', detail);
  }
}
export class ConflictError extends DomainError {
  constructor(detail: string = errorMessages.conflict, fields?: Record<string, string>) {
    super('conflict', detail, fields);
  }
}
export class KeyReusedError extends DomainError {
  constructor(detail: string = errorMessages.idempotencyConflict) {
    super('key_reused', detail);
  }
}
export class PaymentDeclinedError extends DomainError {
  constructor(detail: string, fields?: Record<string, string>) {
    super('payment_declined', detail, fields);
  }
}
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  /** Without a detail of its own, says in how many minutes to try again (the same wait as Retry-After). */
  constructor(retryAfterSeconds: number, detail?: string) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super('rate_limited', detail ?? httpMessages.tooManyRequestsIn(minutesToWait(seconds)));
    this.retryAfterSeconds = seconds;
  }
}
export class ProviderFailedError extends DomainError {
  constructor(detail: string) {
    super('provider_failed', detail);
  }
}
export class UnavailableError extends DomainError {
  constructor(detail: string) {
    super('unavailable', detail);
  }
}

// Short forms used across services and plugins.
export const badRequest = (detail: string = errorMessages.invalidInput, fields?: Record<string, string>) => new InvalidInputError(detail, fields);
/** An invalid value of one field, shaped like a validation error. */
export const fieldError = (field: string, detail: string) => new InvalidInputError(detail, { [field]: detail });
export const unauthorized = (detail?: string) => new UnauthenticatedError(detail);
export const forbidden = (detail?: string) => new ForbiddenError(detail);
export const notFound = (detail?: string) => new NotFoundError(detail);
export const conflict = (detail?: string) => new ConflictError(detail);
export const tooManyRequests = (retryAfterSeconds: number, detail?: string) => new RateLimitedError(retryAfterSeconds, detail);
export const serviceUnavailable = (detail: string) => new UnavailableError(detail);
