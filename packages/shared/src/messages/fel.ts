// Texts of a receipt's electronic certification (FEL) in the admin console (docs/product.md#receipts).
import type { FelStatus } from '../schemas/fel';

export const felMessages = {
  cardTitle: 'Recibo electrónico (FEL)',
  loadError: 'No pudimos cargar la certificación del recibo',
  status: 'Estado',
  statuses: {
    not_required: 'Emitido sin certificación FEL',
    pending: 'Pendiente de certificar',
    certified: 'Certificado por SAT',
    rejected: 'Rechazado por SAT',
    failed: 'No se pudo certificar',
  } satisfies Record<FelStatus, string>,
  uuid: 'Autorización SAT',
  seriesNumber: 'Serie y número',
  certifiedAt: 'Certificado el',
  error: 'Motivo',
  attempts: 'Intentos',
  nextAttempt: 'Próximo intento',
  verification: 'Verificación',
  verify: 'Verificar en SAT',
  retry: 'Reintentar certificación',
  retried: 'El recibo se enviará de nuevo a certificar en unos segundos.',
} as const;
