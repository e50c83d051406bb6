// Texts of the register (Contabilidad) and the monthly close (docs/product.md#the-register-and-the-close).
import { formatMonth as monthLabel } from '../format';

export const accountingMessages = {
  periodClosed: (month: string) =>
    `El mes de ${monthLabel(month)} está cerrado: no se puede modificar nada con fecha hasta el cierre. Registra una corrección con fecha del mes abierto.`,
  alreadyClosed: (month: string) => `El mes de ${monthLabel(month)} ya está cerrado.`,
  monthNotOver: (month: string) => `El mes de ${monthLabel(month)} aún no ha terminado; solo se puede cerrar un mes pasado.`,
  invalidMonth: 'El mes debe tener el formato AAAA-MM.',
  invalidRange: 'La fecha final debe ser igual o posterior a la inicial.',
  rangeTooLong: 'El periodo no puede ser mayor de 366 días.',
} as const;

export const registerMessages = {
  title: 'Contabilidad',
  kinds: { gift: 'Donación', refund: 'Reembolso', void: 'Anulación' } as Record<string, string>,
  methods: {
    card: 'Tarjeta',
    bank_transfer: 'Transferencia bancaria',
    bank_deposit: 'Depósito o transferencia bancaria',
    cash: 'Efectivo',
    cheque: 'Cheque',
    // Every gift in kind, of goods or services, entered by staff or not (register_method, migration 0046).
    in_kind: 'En especie',
    // A gift of money recorded without its method (an import whose file gives none, the service API).
    monetary: 'Sin especificar',
  } as Record<string, string>,
  generalFund: 'Donde más se necesite',
  columns: {
    date: 'Fecha',
    kind: 'Movimiento',
    reference: 'Referencia',
    donor: 'Donante',
    nit: 'NIT/CUI',
    method: 'Método',
    currency: 'Moneda',
    /** How many movements a total adds up. */
    count: 'Cantidad',
    gross: 'Bruto',
    fee: 'Comisión',
    vat: 'IVA retenido',
    net: 'Neto',
    gtqNet: 'Neto en quetzales',
    designation: 'Destino',
    series: 'Serie del recibo',
    number: 'Número del recibo',
    felUuid: 'Autorización FEL (UUID)',
  },
  sheet: 'Movimientos',
  totalsSheet: 'Totales',
  byMethod: 'Por método',
  byProgram: 'Por destino',
  byCurrency: 'Por moneda',
} as const;

export const closeMessages = {
  title: 'Cierre mensual',
  kinds: {
    gift_without_receipt: 'Donación sin recibo certificado',
    receipt_without_money: 'Recibo sin dinero recibido',
    deposit_without_statement: 'Depósito sin línea en el estado de cuenta',
    transfer_without_statement: 'Transferencia sin línea en el estado de cuenta',
    deposit_pending: 'Depósito pendiente de verificar',
    transfer_pending: 'Transferencia pendiente de verificar',
    office_gift_pending: 'Donación de oficina pendiente de aprobar',
  } as Record<string, string>,
  ties: 'Los recibos certificados coinciden con el dinero recibido.',
  doesNotTie: 'Los recibos certificados no coinciden con el dinero recibido.',
  /** The two sums agree, but some gifts of the month are still to be seen to (listed below): saying they "do not tie" misled. */
  sumsAgreeButItems: 'El dinero recibido y los recibos certificados suman lo mismo, pero hay movimientos por revisar antes de cerrar el mes (abajo).',
  closed: (month: string) => `El mes de ${monthLabel(month)} quedó cerrado.`,
} as const;

export const registerFieldMessages = {
  dayInvalid: 'La fecha debe tener el formato AAAA-MM-DD.',
  formatInvalid: 'El formato debe ser csv o xlsx.',
  delimiterInvalid: 'El separador debe ser "," o ";".',
} as const;

export const accountingScreenMessages = {
  description: 'Cada movimiento de dinero del periodo, con comisión, IVA retenido y neto, y el cierre mensual.',
  from: 'Desde',
  to: 'Hasta',
  show: 'Ver periodo',
  exportCsv: 'Descargar CSV',
  exportXlsx: 'Descargar Excel',
  movements: 'Movimientos',
  firstRows: (shown: number, total: number) => `Se muestran ${shown} de ${total} movimientos; la descarga los incluye todos.`,
  noMovements: 'No hay movimientos en este periodo.',
  loadError: 'No pudimos cargar el registro contable.',
  month: 'Mes',
  check: 'Revisar el mes',
  received: 'Dinero recibido',
  certified: 'Recibos certificados',
  imported: (count: number, amount: string) =>
    `Además, ${count === 1 ? '1 donación importada' : `${count} donaciones importadas`} del registro anterior (${amount}): ${count === 1 ? 'está' : 'están'} en el registro y en los reportes, pero no en este cierre, porque sus recibos se emitieron en el sistema anterior.`,
  mismatches: 'Lo que no cuadra',
  noMismatches: 'No hay diferencias.',
  closeMonth: 'Cerrar el mes',
  // The date and time end in "a. m." or "p. m.": no second period after them.
  closedOn: (date: string) => (date.endsWith('.') ? `Mes cerrado el ${date}` : `Mes cerrado el ${date}.`),
  closeConfirmTitle: (month: string) => `¿Cerrar el mes de ${monthLabel(month)}?`,
  closeConfirmText: (month: string) =>
    `Después del cierre no se podrá registrar, corregir, reembolsar ni anular nada con fecha hasta el fin de ${monthLabel(month)}; una corrección se registrará con fecha del mes abierto. El cierre no se puede deshacer.`,
  closing: 'Cerrando…',
  cancel: 'Cancelar',
  closeError: 'No pudimos revisar el mes.',
} as const;
