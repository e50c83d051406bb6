// Reading bank movement files and proposing matches (docs/product.md#bank-deposits): the pure functions,
// with files shaped like the exports of Guatemalan banks.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/errors';
import {
  creditsOf,
  detectDecimalSeparator,
  guessMapping,
  parseStatementAmount,
  parseStatementDate,
  readStatement,
  type ColumnMapping,
  type StatementCredit,
} from '../../src/domain/deposits/statements/parse';
import { type DepositToMatch, type LineToMatch, lineNamesDeposit, matchStatement, MAX_CANDIDATES, NEAR_MISS_DAYS } from '../../src/domain/deposits/statements/match';
import { movementKeysOf } from '../../src/domain/deposits/statements/movement-key';

const bytes = (text: string) => new TextEncoder().encode(text);
const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.detail;
    throw error;
  }
  throw new Error('expected a refusal');
};

const mapping: ColumnMapping = { date: 'Fecha', description: 'Descripción', reference: 'No. Documento', credit: 'Crédito', debit: 'Débito' };

describe('amounts and dates as the banks write them', () => {
  it.each([
    ['1,234.56', '.', 123_456],
    ['1.234,56', ',', 123_456],
    ['Q1,234.50', '.', 123_450],
    ['Q. 250.00', '.', 25_000],
    ['250', '.', 25_000],
    ['250,5', ',', 25_050],
    ['1,000,000.00', '.', 100_000_000],
    ['-75.00', '.', -7_500],
    ['75.00-', '.', -7_500],
    ['(75.00)', '.', -7_500],
    ['', '.', 0],
  ] as const)('%s with decimal %s is %i cents', (value, decimal, cents) => {
    expect(parseStatementAmount(value, decimal)).toBe(cents);
  });

  it.each([['12a.00'], ['1.234.56'], ['1,23,4.00'], ['abc']])('%s is unreadable', (value) => {
    expect(parseStatementAmount(value, '.')).toBeNull();
  });

  it('finds the decimal separator from the amounts, and refuses a file mixing both', () => {
    expect(detectDecimalSeparator(['1.234,56', '100'])).toBe(',');
    expect(detectDecimalSeparator(['1,234.56', '100'])).toBe('.');
    expect(detectDecimalSeparator(['1,234', '100'])).toBe('.');
    expect(() => detectDecimalSeparator(['1,50', '2.50'])).toThrow(/mezclan coma y punto/);
  });

  it.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05.03.26', '2026-03-05'],
    ['05/03/2026 14:32', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
  ])('%s is %s', (value, iso) => {
    expect(parseStatementDate(value)).toBe(iso);
  });

  it.each([['31/02/2026'], ['13/13/2026'], ['marzo 5'], ['']])('%s is not a date', (value) => {
    expect(parseStatementDate(value)).toBeNull();
  });
});

describe('reading the file', () => {
  it('a semicolon file with decimal commas, account details above the header and Windows-1252 accents', () => {
    const text =
      'Banco Industrial;Cuenta 123-456789-0\r\nPeriodo;01/03/2026 al 31/03/2026\r\n\r\n' +
      'Fecha;Descripción;No. Documento;Débito;Crédito;Saldo\r\n' +
      '02/03/2026;DEPOSITO EFECTIVO MG12345678;000123;;1.250,00;10.250,00\r\n' +
      '03/03/2026;PAGO ENERGÍA;;300,00;;9.950,00\r\n' +
      '04/03/2026;TRANSFERENCIA ACH;987654;;75,50;10.025,50\r\n';
    const latin1 = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    const table = readStatement(latin1);
    expect(table.delimiter).toBe(';');
    expect(table.headers).toEqual(['Fecha', 'Descripción', 'No. Documento', 'Débito', 'Crédito', 'Saldo']);
    expect(table.headerLine).toBe(4);
    expect(table.rows.map((r) => r.line)).toEqual([5, 6, 7]);
    const { credits, skipped } = creditsOf(table, mapping);
    expect(skipped).toBe(1);
    expect(credits).toEqual([
      { line: 5, postedOn: '2026-03-02', description: 'DEPOSITO EFECTIVO MG12345678', reference: '000123', creditCents: 125_000, balanceCents: 1_025_000 },
      { line: 7, postedOn: '2026-03-04', description: 'TRANSFERENCIA ACH', reference: '987654', creditCents: 7_550, balanceCents: 1_002_550 },
    ]);
  });

  it('finds the header below account lines that Excel padded with `;` to the table width', () => {
    const text =
      'Cuenta;123-456789-0;;;;\r\nMoneda;GTQ;;;;\r\nSaldo inicial;9.000,00;;;;\r\n;;;;;\r\n' +
      'Fecha;Descripción;No. Documento;Débito;Crédito;Saldo\r\n' +
      '02/03/2026;DEPOSITO EFECTIVO;000123;;1.250,00;10.250,00\r\n' +
      '03/03/2026;DEPOSITO;000124;;50,00;10.300,00\r\n';
    const table = readStatement(bytes(text));
    expect(table.headers).toEqual(['Fecha', 'Descripción', 'No. Documento', 'Débito', 'Crédito', 'Saldo']);
    expect(table.headerLine).toBe(5);
    expect(table.rows.map((r) => r.line)).toEqual([6, 7]);
    expect(creditsOf(table, mapping).credits.map((c) => c.creditCents)).toEqual([125_000, 5_000]);
  });

  it('a comma file with quoted amounts and one signed amount column', () => {
    const text = 'Fecha,Concepto,Monto\n"10/03/2026","Depósito boleta 4455","1,500.00"\n"11/03/2026","Comisión","-25.00"\n';
    const table = readStatement(bytes(text));
    expect(table.delimiter).toBe(',');
    expect(guessMapping(table.headers)).toEqual({ date: 'Fecha', description: 'Concepto' });
    const { credits, skipped } = creditsOf(table, { date: 'Fecha', description: 'Concepto', reference: null, credit: 'Monto', debit: null });
    expect(credits).toEqual([{ line: 2, postedOn: '2026-03-10', description: 'Depósito boleta 4455', reference: null, creditCents: 150_000, balanceCents: null }]);
    expect(skipped).toBe(1);
  });

  it('guesses the columns from their names', () => {
    expect(guessMapping(['Fecha', 'Descripción', 'No. Documento', 'Débito', 'Crédito', 'Saldo'])).toEqual({
      date: 'Fecha',
      description: 'Descripción',
      reference: 'No. Documento',
      credit: 'Crédito',
      debit: 'Débito',
    });
  });

  it('refuses files that are not a movement CSV, in Spanish', () => {
    expect(refusal(() => readStatement(new Uint8Array()))).toBe('El archivo está vacío.');
    expect(refusal(() => readStatement(Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0])))).toMatch(/Excel/);
    expect(refusal(() => readStatement(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])))).toMatch(/no es un CSV/);
    expect(refusal(() => readStatement(bytes('Fecha;Descripción;Crédito\n')))).toBe('El archivo no tiene movimientos debajo de los encabezados.');
    expect(refusal(() => readStatement(bytes('solo una columna\notra\n')))).toMatch(/encabezados/);
    expect(refusal(() => readStatement(bytes('Fecha,Monto\n"01/03/2026,10\n')))).toMatch(/No pudimos leer el archivo como CSV \(línea \d+\)/);
  });

  it('names the line of an unreadable date or amount, and a missing column', () => {
    const table = readStatement(bytes('Fecha;Descripción;Crédito\n01/03/2026;a;10,00\n32/03/2026;b;20,00\n'));
    const simple = { date: 'Fecha', description: 'Descripción', reference: null, credit: 'Crédito', debit: null };
    expect(refusal(() => creditsOf(table, simple))).toBe('Línea 3: no entendemos la fecha «32/03/2026». Usa el formato dd/mm/aaaa.');
    const badAmount = readStatement(bytes('Fecha;Descripción;Crédito\n01/03/2026;a;10,00\n02/03/2026;b;diez\n'));
    expect(refusal(() => creditsOf(badAmount, simple))).toBe('Línea 3: no entendemos el monto «diez».');
    expect(refusal(() => creditsOf(table, { ...simple, credit: 'Abono' }))).toBe(
      'El archivo no tiene la columna «Abono» elegida como crédito. Revisa la asignación de columnas.',
    );
    const onlyDebits = readStatement(bytes('Fecha;Descripción;Crédito\n01/03/2026;a;-10,00\n'));
    expect(refusal(() => creditsOf(onlyDebits, simple))).toMatch(/no tiene créditos/);
  });
});

describe('proposing matches', () => {
  const deposit = (over: Partial<DepositToMatch> & { donationId: number }): DepositToMatch => ({
    referenceCode: `#MG${String(10_000_000 + over.donationId)}`,
    amountCents: 50_000,
    createdOn: '2026-03-01',
    declaredDate: null,
    slipNumber: null,
    officeReference: null,
    ...over,
  });
  const line = (over: Partial<LineToMatch> & { id: number }): LineToMatch => ({
    postedOn: '2026-03-02',
    description: 'DEPOSITO',
    reference: null,
    creditCents: 50_000,
    ...over,
  });

  it('recognises the reference with or without # and the slip number without leading zeros', () => {
    const d = { referenceCode: '#MG12345678', slipNumber: '00045678', officeReference: null };
    expect(lineNamesDeposit({ description: 'DEP MG12345678', reference: null }, d)).toBe(true);
    expect(lineNamesDeposit({ description: 'Dep #mg12345678 efectivo', reference: null }, d)).toBe(true);
    expect(lineNamesDeposit({ description: 'DEPOSITO', reference: '45678' }, d)).toBe(true);
    expect(lineNamesDeposit({ description: 'DEPOSITO 4567', reference: null }, d)).toBe(false);
    expect(lineNamesDeposit({ description: 'MG123456789', reference: null }, d)).toBe(false);
  });

  it('recognises the bank reference the office typed when entering the deposit, as a slip number', () => {
    const d = { referenceCode: '#MG12345678', slipNumber: null, officeReference: 'BI-0044556677' };
    expect(lineNamesDeposit({ description: 'DEPOSITO', reference: '44556677' }, d)).toBe(true);
    expect(lineNamesDeposit({ description: 'DEP BI0044556677 AGENCIA', reference: null }, d)).toBe(true);
    expect(lineNamesDeposit({ description: 'DEPOSITO 4455667', reference: null }, d)).toBe(false);
    // A short reference is too common a number to name a deposit by its digits alone.
    expect(lineNamesDeposit({ description: 'DEPOSITO', reference: '4410' }, { ...d, officeReference: 'B-4410' })).toBe(false);
    expect(lineNamesDeposit({ description: 'DEPOSITO B4410', reference: null }, { ...d, officeReference: 'B-4410' })).toBe(true);
    // Typed in groups as read off the slip, the digits are one number, as the bank prints them.
    expect(lineNamesDeposit({ description: 'DEPOSITO', reference: '44556677' }, { ...d, officeReference: 'BI 4455 6677' })).toBe(true);
    expect(lineNamesDeposit({ description: 'DEPOSITO', reference: '123456789' }, { ...d, officeReference: 'Boleta 123 456 789' })).toBe(true);
    // Groups joined stay 6+ digits: a short number typed in groups names nothing by itself.
    expect(lineNamesDeposit({ description: 'DEPOSITO', reference: '4410' }, { ...d, officeReference: 'B 44 10' })).toBe(false);

    // Two deposits of the same amount and day: the one whose office reference the line carries is proposed.
    const { lines } = matchStatement(
      [line({ id: 1, reference: '44556677' })],
      [deposit({ donationId: 3 }), deposit({ donationId: 4, officeReference: 'BI-0044556677' })],
    );
    expect(lines.get(1)).toMatchObject({ state: 'proposed', proposed: 4 });
    expect(lines.get(1)?.candidates[0]).toMatchObject({ donationId: 4, referenceFound: true });
  });

  it('proposes the same amount within ±3 days of the declared date or of the creation', () => {
    const { lines, unmatchedDeposits } = matchStatement(
      [line({ id: 1, postedOn: '2026-03-04' }), line({ id: 2, postedOn: '2026-03-20', creditCents: 9_900 })],
      [deposit({ donationId: 7, declaredDate: '2026-03-07' }), deposit({ donationId: 8, amountCents: 12_300 })],
    );
    expect(lines.get(1)).toEqual({ state: 'proposed', proposed: 7, candidates: [{ donationId: 7, kind: 'match', referenceFound: false, dayDistance: 3 }] });
    expect(lines.get(2)).toEqual({ state: 'unmatched', proposed: null, candidates: [] });
    expect(unmatchedDeposits).toEqual([8]);
  });

  it('shows near-misses and never proposes them: same amount too far, or named with another amount', () => {
    const { lines } = matchStatement(
      [line({ id: 1, postedOn: '2026-03-05' }), line({ id: 2, description: 'DEP MG10000009', creditCents: 45_000 })],
      [deposit({ donationId: 7, declaredDate: '2026-03-01' }), deposit({ donationId: 9 })],
    );
    expect(lines.get(1)?.state).toBe('near_miss');
    expect(lines.get(1)?.proposed).toBeNull();
    expect(lines.get(1)?.candidates).toEqual([
      { donationId: 7, kind: 'outside_window', referenceFound: false, dayDistance: 4 },
      { donationId: 9, kind: 'outside_window', referenceFound: false, dayDistance: 4 },
    ]);
    expect(lines.get(2)).toEqual({ state: 'near_miss', proposed: null, candidates: [{ donationId: 9, kind: 'amount_differs', referenceFound: true, dayDistance: 1 }] });
  });

  it('gives each donation to one line, the one naming it first, and offers the others as alternatives', () => {
    const { lines, unmatchedDeposits } = matchStatement(
      [line({ id: 1 }), line({ id: 2, description: 'DEPOSITO MG10000005' })],
      [deposit({ donationId: 4 }), deposit({ donationId: 5 }), deposit({ donationId: 6 })],
    );
    expect(lines.get(2)?.proposed).toBe(5);
    expect(lines.get(2)?.candidates.map((c) => c.donationId)).toEqual([5, 6]);
    expect(lines.get(1)?.proposed).toBe(4);
    expect(lines.get(1)?.candidates.map((c) => c.donationId)).toEqual([4, 6]);
    expect(unmatchedDeposits).toEqual([6]);
  });

  it('bounds the near-misses: a same-amount deposit more than NEAR_MISS_DAYS away is not one, and a line keeps MAX_CANDIDATES', () => {
    const far = matchStatement([line({ id: 1, postedOn: '2026-06-01' })], [deposit({ donationId: 7, createdOn: '2026-03-01' })]);
    expect(far.lines.get(1)).toEqual({ state: 'unmatched', proposed: null, candidates: [] });
    const many = matchStatement(
      [line({ id: 1, postedOn: '2026-03-10' })],
      Array.from({ length: 40 }, (_, i) => deposit({ donationId: 100 + i, createdOn: '2026-03-0' + (1 + (i % 9)) })),
    );
    expect(many.lines.get(1)?.candidates).toHaveLength(MAX_CANDIDATES);
    expect(many.lines.get(1)?.state).toBe('proposed');
    expect(NEAR_MISS_DAYS).toBeLessThan(60);
  });
});

describe('movement keys', () => {
  const credit = (over: Partial<StatementCredit> = {}): StatementCredit => ({
    line: 2,
    postedOn: '2026-03-02',
    description: 'DEPOSITO',
    reference: '000123',
    creditCents: 10_000,
    balanceCents: null,
    ...over,
  });

  it('the same movement has the same key whatever the padding of its reference; identical lines are told apart by occurrence', () => {
    const [a] = movementKeysOf([credit()]);
    const [b] = movementKeysOf([credit({ reference: '123', line: 9, description: 'otro texto' })]);
    expect(a).toBe(b);
    const twins = movementKeysOf([credit({ reference: null }), credit({ reference: null, line: 3 })]);
    expect(new Set(twins).size).toBe(2);
    expect(movementKeysOf([credit({ reference: null }), credit({ reference: null, line: 3 })])).toEqual(twins);
    expect(movementKeysOf([credit({ balanceCents: 5 })])[0]).not.toBe(a);
  });
});
