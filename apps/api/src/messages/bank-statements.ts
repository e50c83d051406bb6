// Spanish texts of the bank statement import's refusals (docs/product.md#bank-deposits); line numbers are
// the file's own, header included, as staff see them in a spreadsheet.
export const bankStatementMessages = {
  empty: 'El archivo está vacío.',
  tooLarge: (mb: number) => `El archivo pesa más de ${mb} MB. Exporta un periodo más corto.`,
  tooManyLines: (max: number) => `El archivo tiene más de ${max} líneas. Exporta un periodo más corto.`,
  notText: 'El archivo no es un CSV: expórtalo desde tu banca en línea como CSV (texto separado por comas o punto y coma).',
  spreadsheet: 'Es un archivo de Excel. Ábrelo y guárdalo como CSV (texto separado por comas o punto y coma), o expórtalo así desde tu banca en línea.',
  unreadable: (line: number) => `No pudimos leer el archivo como CSV (línea ${line}): revisa las comillas y los separadores.`,
  noHeader: 'No encontramos la fila de encabezados con los nombres de las columnas.',
  noRows: 'El archivo no tiene movimientos debajo de los encabezados.',
  missingColumn: (label: string, column: string) => `El archivo no tiene la columna «${column}» elegida como ${label}. Revisa la asignación de columnas.`,
  columnRequired: (label: string) => `Elige la columna de ${label}.`,
  noMapping: 'Elige qué columna es la fecha, la descripción y el crédito antes de importar.',
  badDate: (line: number, value: string) => `Línea ${line}: no entendemos la fecha «${value}». Usa el formato dd/mm/aaaa.`,
  badAmount: (line: number, value: string) => `Línea ${line}: no entendemos el monto «${value}».`,
  mixedDecimals: 'Los montos mezclan coma y punto como separador decimal; exporta el archivo con un solo formato.',
  noCredits: 'El archivo no tiene créditos (dinero recibido) en la columna elegida.',
  notFound: 'No encontramos esa importación o ese movimiento.',
  alreadyConfirmed: 'Ese movimiento ya fue confirmado con una donación.',
  sameFile: (fileName: string, isoDay: string) =>
    `Este archivo ya se importó («${fileName}», el ${isoDay.split('-').reverse().join('/')}). No se agregó nada: abre esa importación para seguir conciliando.`,
  allRepeated: (lines: number) =>
    `Los ${lines} créditos de este archivo ya están en importaciones anteriores. No se agregó nada: abre esas importaciones para seguir conciliando.`,
  lineHasCandidates: 'Ese movimiento coincide con un depósito pendiente: confírmalo con esa donación o revísalo a mano en vez de crear otra.',
  lineDonationDescription: (line: number) => `Depósito encontrado en el estado de cuenta (línea ${line}), registrado por el equipo.`,
  movementConfirmed: 'Ese movimiento del banco ya confirmó una donación (en esta u otra importación). Un mismo crédito no puede aprobar dos donaciones.',
  notACandidate: 'Esa donación ya no coincide con el movimiento (monto o fecha), o ya no está pendiente. Actualiza la pantalla.',
  labels: { date: 'fecha', description: 'descripción', reference: 'referencia', credit: 'crédito', debit: 'débito' },
} as const;
