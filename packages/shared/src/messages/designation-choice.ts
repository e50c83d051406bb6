// The checkout's programme choice (docs/product.md#designation), apart from messages/designation.ts:
// only the lazily loaded choice imports this module, so the web build keeps it in that choice's own
// chunk instead of the chunk the staff screens share (apps/web/build/chunk-groups.ts).
export const designationChoiceMessages = {
  question: '¿A qué programa va tu donación?',
  whereMostNeeded: 'Donde más se necesite',
  whereMostNeededHint: 'La fundación la destina a lo más urgente.',
} as const;
