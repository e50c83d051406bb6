// A local stand-in for Infile's unified FEL service (decision 0021), so that no test touches the
// network: POST /fel/procesounificado/transaccion/v2/xml with the unsigned document as the body and the
// headers UsuarioFirma, LlaveFirma, UsuarioApi, LlaveApi and identificador; the JSON answer with
// `resultado`, `fecha`, `origen`, `descripcion`, `control_emision`, `alertas_infile`,
// `descripcion_alertas_infile`, `alertas_sat`, `descripcion_alertas_sat`, `cantidad_errores`,
// `descripcion_errores` ([{ resultado, fuente, categoria, numeral, validacion, mensaje_error }]),
// `informacion_adicional`, `uuid`, `serie`, `numero` and `xml_certificado` (base64). An identificador
// already certified is answered with that same certification. The authorization's series and number
// come from its UUID as SAT's schema describes (the first 8 hex digits; digits 9 to 16 in decimal).
//
// The same address takes SAT's annulment of a certified document (dte:GTAnulacionDocumento with
// dte:SAT/dte:AnulacionDTE/dte:DatosGenerales: NumeroDocumentoAAnular, NITEmisor, IDReceptor,
// FechaEmisionDocumentoAnular, FechaHoraAnulacion, MotivoAnulacion): answered with `resultado` true and
// the annulled document's `uuid`, or refused when that UUID was not certified here, was already
// annulled, or the NIT or the emission date do not match the document (`annulled` keeps them).
//
// Tests can make it refuse the next documents with SAT-like messages (`rejectNext`) or hold its answer
// longer than the client waits (`stallNext`): the document is still certified, as when the real
// service answers after the client gave up, so a retry with the same identificador gets it.
//
// Run by itself: `npx tsx apps/api/test/support/fel-infile-stand-in.ts` (port FEL_STAND_IN_PORT,
// default 4020, credentials FEL_INFILE_* as the API's) with
// FEL_INFILE_URL=http://127.0.0.1:4020/fel/procesounificado/transaccion/v2/xml.
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { create } from 'xmlbuilder2';

export const INFILE_UNIFIED_PATH = '/fel/procesounificado/transaccion/v2/xml';
/** Infile's NIT and name, as its certifications carry them. */
export const INFILE_NIT = '12521337';
export const INFILE_NAME = 'INFILE, SOCIEDAD ANONIMA';

export interface InfileCredentials {
  usuarioFirma: string;
  llaveFirma: string;
  usuarioApi: string;
  llaveApi: string;
}

export interface InfileRequest {
  identificador: string | null;
  headers: Record<string, string | string[] | undefined>;
  xml: string;
  status: number;
  answer: Record<string, unknown>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const header = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** Guatemala time with its offset, as Infile's `fecha` and SAT's FechaHoraCertificacion. */
function guatemalaNow(): string {
  return `${new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 23)}-06:00`;
}

/** SAT's rule: series = first 8 hex digits of the UUID; number = hex digits 9 to 16 (no hyphens) in decimal. */
export function seriesAndNumberOf(uuid: string): { serie: string; numero: number } {
  const hex = uuid.replace(/-/g, '');
  return { serie: hex.slice(0, 8), numero: Number.parseInt(hex.slice(8, 16), 16) };
}

function baseAnswer(): Record<string, unknown> {
  return {
    resultado: false,
    fecha: guatemalaNow(),
    origen: 'Certificador',
    descripcion: '',
    control_emision: { Saldo: 1000, Creditos: 1000 },
    alertas_infile: false,
    descripcion_alertas_infile: [],
    alertas_sat: false,
    descripcion_alertas_sat: [],
    cantidad_errores: 0,
    descripcion_errores: [],
    informacion_adicional: '',
    uuid: '',
    serie: '',
    numero: '',
    xml_certificado: '',
  };
}

/** A refusal the way Infile reports SAT's validations. */
export function refusal(messages: string[]): Record<string, unknown> {
  return {
    ...baseAnswer(),
    descripcion: 'Se encontraron errores en el documento',
    cantidad_errores: messages.length,
    descripcion_errores: messages.map((mensaje_error, i) => ({
      resultado: false,
      fuente: 'SAT',
      categoria: 'Validación',
      numeral: String(i + 1),
      validacion: String(i + 1),
      mensaje_error,
    })),
  };
}

export class InfileStandIn {
  /** Every request received, in order, with the answer given. */
  readonly requests: InfileRequest[] = [];
  /** Certifications made, by identificador. */
  readonly certified = new Map<string, Record<string, unknown>>();
  /** Annulments made: the annulled document's UUID and the annulment's data, by identificador. */
  readonly annulled = new Map<string, { uuid: string; reason: string; body: Record<string, unknown> }>();
  /** What each certified document said, by its UUID: the issuer's NIT and its emission date. */
  private readonly documents = new Map<string, { nit: string; emittedAt: string }>();
  private rejections: string[][] = [];
  private stalls = 0;
  private server: Server | null = null;
  private baseUrl = '';

  constructor(
    private readonly credentials: InfileCredentials,
    private readonly options: { port?: number; stallMs?: number } = {},
  ) {}

  /** The unified endpoint's address, as in FEL_INFILE_URL. */
  get url(): string {
    return `${this.baseUrl}${INFILE_UNIFIED_PATH}`;
  }

  /** The next document (one per call) is refused with these SAT messages. */
  rejectNext(...messages: string[]): void {
    this.rejections.push(messages);
  }

  /** The next `count` requests are answered only after `stallMs` (the document is certified all the same). */
  stallNext(count = 1): void {
    this.stalls += count;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => this.send(res, 500, { ...baseAnswer(), descripcion: err.message }));
    });
    await new Promise<void>((resolve) => this.server?.listen(this.options.port ?? 0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private send(res: ServerResponse, status: number, body: Record<string, unknown>) {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const xml = await readBody(req);
    const identificador = header(req, 'identificador');
    const answer = (status: number, body: Record<string, unknown>) => {
      this.requests.push({ identificador, headers: req.headers, xml, status, answer: body });
      this.send(res, status, body);
    };
    if (req.method !== 'POST' || req.url?.split('?')[0] !== INFILE_UNIFIED_PATH) return answer(404, { ...baseAnswer(), descripcion: 'Recurso no encontrado' });
    const c = this.credentials;
    const authentic =
      header(req, 'UsuarioFirma') === c.usuarioFirma &&
      header(req, 'LlaveFirma') === c.llaveFirma &&
      header(req, 'UsuarioApi') === c.usuarioApi &&
      header(req, 'LlaveApi') === c.llaveApi;
    if (!authentic) return answer(401, { ...baseAnswer(), descripcion: 'Usuario o llave inválidos' });
    if (!identificador) return answer(400, { ...baseAnswer(), descripcion: 'El encabezado identificador es requerido' });

    const stall = this.stalls > 0;
    if (stall) this.stalls -= 1;
    const done = this.certified.get(identificador) ?? this.annulled.get(identificador)?.body;
    const body = done ?? (xml.includes('GTAnulacionDocumento') ? this.annul(xml, identificador) : this.certify(xml, identificador));
    if (stall) await new Promise((resolve) => setTimeout(resolve, this.options.stallMs ?? 2_000));
    answer(200, body);
  }

  /** Annuls a document it certified, or refuses with SAT-like reasons. */
  private annul(xml: string, identificador: string): Record<string, unknown> {
    let data: Record<string, string>;
    try {
      const root = create(xml).end({ format: 'object' }) as Record<string, Record<string, Record<string, Record<string, Record<string, string>>>>>;
      data = root['dte:GTAnulacionDocumento']['dte:SAT']['dte:AnulacionDTE']['dte:DatosGenerales'];
    } catch {
      return refusal(['El documento no corresponde al esquema GTAnulacionDocumento.']);
    }
    const attr = (name: string) => data?.[`@${name}`] ?? '';
    const uuid = attr('NumeroDocumentoAAnular').toUpperCase();
    const document = this.documents.get(uuid);
    const missing = ['NITEmisor', 'IDReceptor', 'FechaEmisionDocumentoAnular', 'FechaHoraAnulacion', 'MotivoAnulacion'].filter((a) => !attr(a));
    if (missing.length) return refusal(missing.map((a) => `El atributo ${a} es requerido.`));
    const queued = this.rejections.shift();
    if (queued) return refusal(queued);
    if (!document) return refusal([`El documento ${uuid} no existe o no fue certificado.`]);
    if ([...this.annulled.values()].some((a) => a.uuid === uuid)) return refusal([`El documento ${uuid} ya fue anulado.`]);
    if (document.nit !== attr('NITEmisor')) return refusal(['El NIT del emisor no corresponde al documento a anular.']);
    if (document.emittedAt !== attr('FechaEmisionDocumentoAnular')) return refusal(['La fecha de emisión no corresponde al documento a anular.']);
    const fecha = guatemalaNow();
    const body = { ...baseAnswer(), resultado: true, fecha, descripcion: 'Documento anulado', uuid, ...seriesAndNumberOf(uuid), xml_certificado: Buffer.from(xml, 'utf8').toString('base64') };
    this.annulled.set(identificador, { uuid, reason: attr('MotivoAnulacion'), body });
    return body;
  }

  /** Certifies a document, or refuses it: not XML, not a GTDocumento, or a refusal queued by the test. */
  private certify(xml: string, identificador: string): Record<string, unknown> {
    let root: Record<string, unknown>;
    try {
      root = create(xml).end({ format: 'object' }) as Record<string, unknown>;
    } catch {
      return refusal(['El documento no es un XML válido.']);
    }
    if (!('dte:GTDocumento' in root)) return refusal(['El documento no corresponde al esquema GTDocumento.']);
    const queued = this.rejections.shift();
    if (queued) return refusal(queued);
    const uuid = randomUUID().toUpperCase();
    const { serie, numero } = seriesAndNumberOf(uuid);
    const fecha = guatemalaNow();
    const certification =
      `<dte:Certificacion><dte:NITCertificador>${INFILE_NIT}</dte:NITCertificador>` +
      `<dte:NombreCertificador>${INFILE_NAME}</dte:NombreCertificador>` +
      `<dte:NumeroAutorizacion Numero="${numero}" Serie="${serie}">${uuid}</dte:NumeroAutorizacion>` +
      `<dte:FechaHoraCertificacion>${fecha}</dte:FechaHoraCertificacion></dte:Certificacion>`;
    const certifiedXml = xml.replace('</dte:DatosEmision>', `</dte:DatosEmision>${certification}`);
    const body = {
      ...baseAnswer(),
      resultado: true,
      fecha,
      descripcion: 'Documento certificado',
      uuid,
      serie,
      numero,
      xml_certificado: Buffer.from(certifiedXml, 'utf8').toString('base64'),
    };
    this.certified.set(identificador, body);
    const generales = /<dte:DatosGenerales[^>]*FechaHoraEmision="([^"]+)"/.exec(xml)?.[1] ?? '';
    const nit = /<dte:Emisor[^>]*NITEmisor="([^"]+)"/.exec(xml)?.[1] ?? '';
    this.documents.set(uuid, { nit, emittedAt: generales });
    return body;
  }
}

// Started as a program: credentials and port from the environment.
if (process.argv[1] && /fel-infile-stand-in\.[cm]?[jt]s$/.test(process.argv[1])) {
  const env = process.env;
  const standIn = new InfileStandIn(
    {
      usuarioFirma: env.FEL_INFILE_USUARIO_FIRMA ?? 'DEMO_FEL',
      llaveFirma: env.FEL_INFILE_LLAVE_FIRMA ?? 'llave-firma-demo',
      usuarioApi: env.FEL_INFILE_USUARIO_API ?? 'DEMO_FEL',
      llaveApi: env.FEL_INFILE_LLAVE_API ?? 'llave-api-demo',
    },
    { port: Number(env.FEL_STAND_IN_PORT ?? 4020) },
  );
  void standIn.start().then((url) => process.stdout.write(`Infile stand-in on ${url}\n`));
  const stop = () => {
    setTimeout(() => process.exit(0), 2000).unref();
    void standIn.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
