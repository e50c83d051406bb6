// heic-convert ships no types: the one call the slip upload makes (decode a HEIC/HEIF photo).
declare module 'heic-convert' {
  interface ConvertOptions {
    buffer: Uint8Array | ArrayBuffer;
    format: 'JPEG' | 'PNG';
    quality?: number;
  }
  function convert(options: ConvertOptions): Promise<ArrayBuffer | Uint8Array>;
  export default convert;
}
