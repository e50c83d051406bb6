// What the member's and the staff's letter routes share: the raw-body upload of a letter's photo or
// scan (its own parser and body limit, no multipart parser installed, as a deposit slip) and serving
// a stored file so a browser never runs it.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { LETTER_FILE_MAX_BYTES } from '@donaciones/shared/messages/letters';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { contentDisposition } from './deposits';

export const LETTER_FILE_TYPE = 'application/octet-stream';

/** Registers `routes` in a scope that reads `application/octet-stream` bodies (up to 5 MB) as a Buffer. */
export async function uploadScope(app: FastifyInstance, routes: (scope: FastifyInstance) => void) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(LETTER_FILE_TYPE, { parseAs: 'buffer', bodyLimit: LETTER_FILE_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send({ detail: depositMessages.errors.fileTooLarge, errors: { file: depositMessages.errors.fileTooLarge } });
      }
      if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.status(415).send({ detail: depositMessages.errors.fileType, errors: { file: depositMessages.errors.fileType } });
      }
      throw err;
    });
    routes(scope);
  });
}

/** The body as a file, or null when another content type reached the app's own parsers. */
export function bodyFile(body: unknown): Buffer | null {
  if (body == null) return Buffer.alloc(0);
  return Buffer.isBuffer(body) ? body : null;
}

export function fileTypeRefused(reply: FastifyReply) {
  return reply.status(415).send({ detail: depositMessages.errors.fileType, errors: { file: depositMessages.errors.fileType } });
}

export function sendLetterFile(reply: FastifyReply, file: { contentType: string; data: Buffer; fileName: string }, kind: 'inline' | 'attachment' = 'inline') {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(kind, file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.data);
}
