// The designation of a gift (docs/product.md#designation): a programme, or "Donde más se necesite".
// Never imported by /donate's first load (only by its lazy programme choice); the checkout's one
// field message is donateMessages.programInvalid.
export const designationMessages = {
  question: '¿A qué programa va tu donación?',
  label: 'Destino',
  whereMostNeeded: 'Donde más se necesite',
  whereMostNeededHint: 'La fundación la destina a lo más urgente.',
  programUnknown: 'Ese programa no existe. Elige otro o "Donde más se necesite".',
  programInactive: 'Ese programa ya no recibe donaciones. Elige otro o "Donde más se necesite".',
  programComingSoon: 'Ese programa aún no recibe donaciones (Próximamente). Elige otro o "Donde más se necesite".',
  notOffered: 'Por ahora las donaciones en línea no se destinan a un programa: van donde más se necesite.',
  setting: 'Ofrecer los programas al donar',
  settingHint:
    'El formulario de donación pregunta "¿A qué programa va tu donación?" con los programas activos que no están en "Próximamente". Sin elegir, va donde más se necesite.',
  byProgram: 'Por programa',
  program: 'Programa',
  donations: 'Donaciones',
  amount: 'Monto',
  noDesignated: 'Aún no hay donaciones aprobadas en este período.',
} as const;
