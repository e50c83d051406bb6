// A phone photo is often larger than the 5 MB the server takes (a slip, docs/product.md#bank-deposits; a child's photo).
// Before it is sent, the browser redraws it smaller as a JPEG (createImageBitmap + canvas) until it
// fits: first at its own size with less JPEG quality, then at smaller sizes. A slip stays legible at
// 2,000 px on its long side, so the first size tried is at most that. A file the browser cannot draw
// (HEIC outside Safari, a PDF) is returned as it is, and the size check refuses it as before.

/** Longest side tried first; each further try is 3/4 of the previous one. */
const FIRST_LONG_SIDE = 2000;
const QUALITIES = [0.85, 0.7] as const;
const MIN_LONG_SIDE = 800;

const DRAWABLE = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** `IMG_2041.png` -> `IMG_2041.jpg` */
function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}.jpg`;
}

/**
 * The photo itself when it is within `maxBytes`, else a JPEG of it under `maxBytes`; null when the
 * browser cannot draw it or no size tried fits.
 */
export async function shrinkPhoto(file: File, maxBytes: number): Promise<File | null> {
  if (file.size <= maxBytes) return file;
  if (!DRAWABLE.includes(file.type) || typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const long = Math.max(bitmap.width, bitmap.height);
    for (let side = Math.min(long, FIRST_LONG_SIDE); side >= MIN_LONG_SIDE; side = Math.floor(side * 0.75)) {
      const scale = side / long;
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext('2d');
      if (!context) return null;
      // A transparent PNG becomes a white page, not a black one.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      for (const quality of QUALITIES) {
        const blob = await toJpeg(canvas, quality);
        if (blob && blob.size > 0 && blob.size <= maxBytes) return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}
