// A photo chosen for one of the server's photo uploads (a child's, a progress report's), made ready
// before anything goes up: one of a type the server refuses (lib/file-types.ts) is refused, and one
// over the server's limit is redrawn under it (lib/shrink-photo.ts), or refused when the browser
// cannot redraw it; each refusal in the words the caller gives.

import { PHOTO_TYPES, refusedType } from './file-types';
import { shrinkPhoto } from './shrink-photo';

export interface PhotoRules {
  /** The server's limit for this upload. */
  maxBytes: number;
  /** Said for a type the server refuses (a GIF, a .txt). */
  notImage: string;
  /** Said for a photo over the limit the browser could not redraw under it. */
  tooLarge: string;
}

/** The photo to send (itself, or a smaller JPEG of it), or why it is not sent. */
export async function photoToSend(file: File, rules: PhotoRules): Promise<{ photo: File } | { refusal: string }> {
  if (refusedType(file, PHOTO_TYPES)) return { refusal: rules.notImage };
  const fitting = await shrinkPhoto(file, rules.maxBytes);
  return fitting ? { photo: fitting } : { refusal: rules.tooLarge };
}
