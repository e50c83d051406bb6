// Domain errors: each carries its HTTP status and a Spanish detail for the client.
import { errorMessages } from './messages/errors';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string = errorMessages.invalidInput, errors?: Record<string, string>) =>
  new AppError(400, detail, errors);
/** A 400 for one field, shaped like a validation error. */
export const fieldError = (field: string, detail: string) => new AppError(400, detail, { [field]: detail });
export const unauthorized = (detail: string = errorMessages.unauthorized) => new AppError(401, detail);
export const forbidden = (detail: string = errorMessages.forbidden) => new AppError(403, detail);
export const notFound = (detail: string = errorMessages.notFound) => new AppError(404, detail);
export const conflict = (detail: string = errorMessages.conflict) => new AppError(409, detail);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, errorMessages.tooManyRequests, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (detail: string) => new AppError(503, detail);
