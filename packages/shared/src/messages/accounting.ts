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
