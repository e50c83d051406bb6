// Infile's unified FEL service (decision 0021): one POST with the unsigned document as the body and
// five headers (UsuarioFirma, LlaveFirma: the issuer's signing user and key; UsuarioApi, LlaveApi: the
// API user and key; identificador: the idempotency key). Infile signs with the issuer's key, has SAT
// certify, and answers JSON: `resultado` (true when certified), `descripcion`, `cantidad_errores`,
// `descripcion_errores` (`[{ fuente, categoria, numeral, validacion, mensaje_error }]`, SAT's and
// Infile's reasons), `uuid`, `serie`, `numero`, `fecha` and `xml_certificado` (base64).
// The same endpoint and headers take the annulment of a certified receipt (GTAnulacionDocumento, annulment-xml.ts).
import type { FelConfig } from '../../../config';
import { felMessages } from '../../../messages/fel';
import { buildAnnulmentXml } from './annulment-xml';
import { FelUnavailableError, type FelAnnulmentOutcome, type FelCertifier, type FelOutcome } from './certifier';
import { buildRdonXml } from './rdon-xml';

type InfileConfig = Extract<FelConfig, { provider: 'infile' }>;

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

/** SAT's and Infile's reasons of a refusal, as one line for staff ("; " between them). */
function refusalMessage(body: Record<string, unknown>): string {
  const errors = Array.isArray(body.descripcion_errores) ? body.descripcion_errores : [];
  const messages = errors.map((e) => asText(asRecord(e).mensaje_error)).filter((m): m is string => m !== null);
  return (messages.length ? messages.join('; ') : asText(body.descripcion)) ?? felMessages.refusedWithoutReason;
}

/** Reads Infile's answer: a certification, a refusal, or (anything else) an answer worth retrying. */
function readInfileAnswer(raw: unknown): FelOutcome {
  const body = asRecord(raw);
  if (body.resultado === false) return { kind: 'rejected', message: refusalMessage(body) };
  const uuid = asText(body.uuid);
  const series = asText(body.serie);
  const number = asText(body.numero);
  const encoded = asText(body.xml_certificado);
  if (body.resultado !== true || !uuid || !series || !number || !encoded) {
    throw new FelUnavailableError(felMessages.unreadableAnswer, null);
  }
  const fecha = asText(body.fecha);
  const certifiedAt = fecha && !Number.isNaN(Date.parse(fecha)) ? new Date(fecha) : new Date();
  return {
    kind: 'certified',
    certification: { uuid: uuid.toUpperCase(), series, number, certifiedAt, xml: Buffer.from(encoded, 'base64').toString('utf8') },
  };
}

/** One POST to the unified endpoint; the parsed JSON answer, or FelUnavailableError when not usable. */
async function post(config: InfileConfig, xml: string, identifier: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(config.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/xml; charset=utf-8',
        Accept: 'application/json',
        UsuarioFirma: config.usuarioFirma,
        LlaveFirma: config.llaveFirma,
        UsuarioApi: config.usuarioApi,
        LlaveApi: config.llaveApi,
        identificador: identifier,
      },
      body: xml,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new FelUnavailableError(timedOut ? felMessages.timeout(config.timeoutMs / 1000) : felMessages.unreachable((err as Error).message), null);
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new FelUnavailableError(felMessages.httpErrorNoBody(res.status), res.status);
  }
  if (!res.ok) throw new FelUnavailableError(felMessages.httpError(res.status, refusalMessage(asRecord(body))), res.status);
  return body;
}

/** Reads Infile's answer to an annulment: `resultado` true (with its `fecha`) or false with SAT's reasons. */
function readAnnulmentAnswer(raw: unknown): FelAnnulmentOutcome {
  const body = asRecord(raw);
  if (body.resultado === false) return { kind: 'rejected', message: refusalMessage(body) };
  if (body.resultado !== true) throw new FelUnavailableError(felMessages.unreadableAnswer, null);
  const fecha = asText(body.fecha);
  return { kind: 'annulled', annulledAt: fecha && !Number.isNaN(Date.parse(fecha)) ? new Date(fecha) : new Date() };
}

/**
 * Infile's unified service takes the annulment (GTAnulacionDocumento) at the same address as the
 * documents, with the same headers: it signs it with the issuer's key and has SAT register it.
 */
export function infileCertifier(config: InfileConfig): FelCertifier {
  return {
    name: 'infile',
    async certify(receipt, identifier) {
      return readInfileAnswer(await post(config, buildRdonXml(receipt, config), identifier));
    },
    async annul(annulment, identifier) {
      return readAnnulmentAnswer(await post(config, buildAnnulmentXml(annulment), identifier));
    },
  };
}
