// The designation of a gift (docs/product.md#designation): a programme, or "Donde más se necesite".
// Staff screens and the API; /donate's first load never imports it: the checkout's field message is
// donateMessages.programInvalid and its choice's texts are in messages/designation-choice.ts.
export const designationMessages = {
  label: 'Destino',
  whereMostNeeded: 'Donde más se necesite',
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
