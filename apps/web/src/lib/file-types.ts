// The types of file the server takes for an upload, as the browser names them. The picker's `accept`
// is only a hint (a phone offers "Todos los archivos"), so a file the browser names as another type
// is refused as soon as it is chosen, in the server's words, before anything is sent. A file the
// browser cannot name (an empty type: some HEIC) is left to the server, which reads its bytes.

/** A photo: a child's, a progress report's, a sponsor's letter's. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'];

/** A deposit slip or a child's scanned reply: a photo or a PDF. */
export const SLIP_TYPES = [...PHOTO_TYPES, 'application/pdf'];

const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'application/pdf': ['.pdf'],
};

/**
 * The picker's filter for `types`: the types and their extensions, since a computer that does not
 * know HEIC by its type would otherwise grey out an iPhone's photo.
 */
export const acceptOf = (types: readonly string[]): string => [...types, ...types.flatMap((type) => EXTENSIONS[type] ?? [])].join(',');

/** Whether the browser names `file` as a type the server refuses (one it cannot name is not refused here). */
export const refusedType = (file: File, types: readonly string[]): boolean => file.type !== '' && !types.includes(file.type);
