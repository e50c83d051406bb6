// Texts of the "Importar" screen and its API (docs/product.md#imports): donors, past gifts and monthly
// donors by transfer from a CSV or XLSX file, with a dry run that gives each refused line its reason.

/** How a past gift was given, as its file's method column says (the ledger's payment methods; in kind is a gift of goods). */
export type ImportMethod = 'cash' | 'cheque' | 'card' | 'bank_transfer' | 'bank_deposit' | 'in_kind';

export const importsMessages = {
  validation: {
    kindRequired: 'Elige qué contiene el archivo',
    fileRequired: 'Elige el archivo (CSV o XLSX)',
    fileTooLarge: 'El archivo pesa más de 2 MB. Divídelo en archivos más pequeños.',
    columnRequired: 'Elige la columna de este dato',
  },
  api: {
    empty: 'El archivo está vacío.',
    tooLarge: (mb: number) => `El archivo pesa más de ${mb} MB. Divídelo en archivos más pequeños.`,
    notText: 'El archivo no es un CSV ni un XLSX. Guárdalo desde Excel o Google Sheets como CSV o XLSX.',
    oldExcel: 'Los archivos .xls antiguos no se leen. Guárdalo como .xlsx o CSV.',
    unreadable: (line: number) => `No se pudo leer el archivo cerca de la línea ${line}. Revisa las comillas.`,
    xlsxUnreadable: 'No se pudo leer el libro de Excel. Ábrelo y guárdalo de nuevo como .xlsx.',
    noHeader: 'No se encontró la fila de encabezados (los nombres de las columnas).',
    noRows: 'El archivo no tiene filas debajo de los encabezados.',
    tooManyLines: (max: number) => `El archivo tiene más de ${max.toLocaleString('es-GT')} filas. Divídelo en archivos más pequeños.`,
    missingColumn: (label: string, column: string) => `La columna «${column}» elegida para ${label} no está en el archivo.`,
    requiredColumn: (label: string) => `Elige la columna de ${label}.`,
  },
  reasons: {
    nameMissing: 'Falta el nombre.',
    nameTooLong: 'El nombre tiene más de 120 caracteres.',
    whoMissing: 'Falta el correo o el NIT/CUI: sin ellos no se puede reconocer al donante.',
    emailMissing: 'Falta el correo: una donación mensual lo necesita.',
    emailInvalid: (value: string) => `El correo «${value}» no es válido.`,
    /** `why`: the words every NIT or CUI is refused with (taxIdMessages, through parseTaxIdFormat). */
    taxIdRefused: (value: string, why: string) => `NIT/CUI «${value}»: ${why}`,
    dateMissing: 'Falta la fecha.',
    dateInvalid: (value: string) => `La fecha «${value}» no se entiende (usa dd/mm/aaaa).`,
    dateFuture: (value: string) => `La fecha «${value}» es posterior a hoy.`,
    /** Before RECORDED_DAY_MIN (../schemas/fields.ts), the first day the records take. */
    dateTooEarly: (value: string) => `La fecha «${value}» es anterior al 01/01/2000: no se aceptan fechas anteriores.`,
    amountMissing: 'Falta el monto.',
    /** `why`: the words any typed amount is refused with (donateMessages.amountInput). */
    amountRefused: (value: string, why: string) => `Monto «${value}»: ${why}`,
    /** A column whose amounts show both decimal marks: its first amount of each, by line. */
    amountMixedMarks: (comma: { line: number; value: string }, dot: { line: number; value: string }) =>
      `La columna mezcla montos con coma decimal («${comma.value}», línea ${comma.line}) y con punto decimal («${dot.value}», línea ${dot.line}), así que no está claro qué monto es este. Escribe todos los montos de una misma forma.`,
    amountNotPositive: 'El monto debe ser mayor que cero.',
    amountTooLarge: (max: string) => `El monto pasa del máximo de ${max}.`,
    currencyInvalid: (value: string) => `La moneda «${value}» no se reconoce (GTQ o USD).`,
    methodInvalid: (value: string) => `El método de pago «${value}» no se reconoce (Efectivo, Cheque, Tarjeta, Transferencia, Depósito o En especie).`,
    referenceInvalid: (value: string) => `La referencia «${value}» debe tener de 4 a 20 letras o números.`,
    referenceTaken: (value: string) => `La referencia «${value}» ya es de otra donación mensual.`,
    referenceRepeated: (value: string, line: number) => `La referencia «${value}» ya está en la línea ${line}.`,
    receiptRepeated: (value: string, line: number) => `El recibo «${value}» ya está en la línea ${line}.`,
    duplicateMonthly: 'Este correo ya tiene una donación mensual activa por este monto.',
    repeatedInFile: (line: number) => `Es igual a la línea ${line}.`,
    /**
     * A past gift with no receipt number whose key (donor, date, amount, currency and note) an earlier line
     * holds: what makes two real gifts of one day two lines, as the key reads them (decision 0084).
     */
    giftRepeatedInFile: (line: number) =>
      `Tiene el mismo donante, fecha, monto y nota que la línea ${line}, así que se toma por la misma donación escrita dos veces. ` +
      'Si son dos donaciones distintas, escribe en una de las dos su No. de recibo o una Nota que las distinga (por ejemplo «segunda del día») y vuelve a revisar el archivo.',
    /** `month`: the line's; `closedThrough`: the latest closed month, which closes every month up to it. */
    monthClosed: (month: string, closedThrough: string) =>
      month === closedThrough
        ? `La fecha cae en ${month}, un mes ya cerrado en Contabilidad.`
        : `La fecha cae en ${month}, y Contabilidad está cerrada hasta ${closedThrough}.`,
    /** The line's email (or else NIT/CUI) is a donor's on record under another name (staff who import read donors). */
    ofAnotherDonor: (by: 'email' | 'taxId', name: string) =>
      by === 'email'
        ? `El correo ya es de «${name}», un donante con otro nombre: corrige el nombre o el correo de la línea.`
        : `El NIT/CUI ya es de «${name}», un donante con otro nombre: corrige el nombre o el NIT/CUI de la línea.`,
  },
  /** A refused amount of a column whose amounts use the decimal comma (1.250,50), with that column's own example. */
  commaAmount: {
    malformed: 'Escribe el monto solo con números, como los demás montos del archivo: por ejemplo 1.500 o 1500,50.',
    ambiguous: 'No está claro qué monto es: en este archivo la coma marca los centavos y el punto los miles, por ejemplo 1.500,50.',
  },
  details: {
    donor: (name: string) => name,
    /** `method`: the method's label when the file gives one. */
    gift: (name: string, amount: string, day: string, receipt: string | null, method: string | null = null) =>
      `${name}: ${amount} del ${day}${receipt ? `, recibo ${receipt}` : ''}${method ? `, ${method}` : ''}`,
    monthly: (name: string, amount: string, reference: string) => `${name}: ${amount} al mes por transferencia, referencia ${reference}`,
    existingDonor: ' (donante existente)',
  },
  /** The label of each method a gift's line may give, as staff gift entry names them. */
  methods: {
    cash: 'Efectivo',
    cheque: 'Cheque',
    card: 'Tarjeta',
    bank_transfer: 'Transferencia',
    bank_deposit: 'Depósito bancario',
    in_kind: 'En especie',
  } satisfies Record<ImportMethod, string>,
  outcomes: {
    created: 'Se crea',
    matched: 'Coincide con un donante',
    repeated: 'Ya importada',
    refused: 'Rechazada',
  },
  kinds: {
    donors: 'Donantes',
    gifts: 'Donaciones pasadas',
    monthly: 'Donantes mensuales por transferencia',
  },
  fields: {
    name: 'Nombre',
    email: 'Correo',
    phone: 'Teléfono',
    tax_id: 'NIT/CUI',
    date: 'Fecha',
    amount: 'Monto',
    currency: 'Moneda',
    method: 'Método de pago',
    receipt: 'No. de recibo',
    note: 'Nota',
    reference: 'Referencia de transferencia',
    next_charge: 'Próxima transferencia',
  },
  screen: {
    title: 'Importar',
    intro:
      'Trae donantes, donaciones pasadas y donantes mensuales desde la hoja de cálculo que usaban antes. Nada se guarda hasta que confirmes la importación, y el mismo archivo dos veces no agrega nada.',
    link: 'Importar desde hoja de cálculo',
    kindLabel: 'Qué contiene el archivo',
    fileLabel: 'Archivo (CSV o XLSX, hasta 2 MB)',
    chooseFile: 'Elegir archivo',
    noFile: 'Ningún archivo elegido',
    read: 'Leer el archivo',
    reading: 'Leyendo…',
    stepFile: '1. Archivo',
    stepMapping: '2. Columnas',
    stepDryRun: '3. Revisión',
    stepDone: '4. Importado',
    mappingIntro: 'Elige qué columna del archivo tiene cada dato. Debajo están las primeras filas.',
    notInFile: '(no está en el archivo)',
    required: '(obligatorio)',
    previewCaption: (shown: number, total: number) => `Primeras ${shown} de ${total} filas del archivo`,
    dryRun: 'Revisar sin guardar',
    checking: 'Revisando…',
    // One line is singular: "1 se crea", never "1 se crean ... 1 rechazadas".
    summary: (created: number, matched: number, repeated: number, refused: number) =>
      `${created} ${created === 1 ? 'se crea' : 'se crean'}, ${matched} ${matched === 1 ? 'coincide con un donante existente' : 'coinciden con donantes existentes'}, ` +
      `${repeated} ${repeated === 1 ? 'ya importada' : 'ya importadas'}, ${refused} ${refused === 1 ? 'rechazada' : 'rechazadas'}.`,
    lineHeader: 'Línea',
    outcomeHeader: 'Resultado',
    detailHeader: 'Detalle',
    reasonHeader: 'Motivo',
    refusedTitle: 'Líneas rechazadas',
    linesTitle: 'Lo que hará la importación',
    importedTitle: 'Líneas importadas',
    importNow: 'Importar',
    importing: 'Importando…',
    nothingToImport: 'No hay líneas nuevas que importar.',
    doneTitle: 'Importación terminada',
    doneText: (created: number, matched: number) => (created + matched === 1 ? 'Se importó 1 línea.' : `Se importaron ${created + matched} líneas.`),
    another: 'Importar otro archivo',
    back: 'Volver',
    transferNote:
      'Cada donante mensual recibe una referencia permanente para escribir en sus transferencias; al importar el estado de cuenta, la transferencia con esa referencia registra el pago del mes.',
  },
} as const;
