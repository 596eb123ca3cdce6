import { EXPIRY_STAGES, type AllowedContentType, type ExpiryStage } from './schemas';

const startsWith = (bytes: Buffer, prefix: number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];

/** Whether the bytes are a file of the declared type, by their signature (a renamed .exe is not a PDF). */
export function bytesMatchType(bytes: Buffer, contentType: AllowedContentType): boolean {
  switch (contentType) {
    case 'application/pdf':
      return startsWith(bytes, ascii('%PDF-'));
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
    case 'image/heic':
      return startsWith(bytes, ascii('ftyp'), 4) && HEIF_BRANDS.includes(bytes.subarray(8, 12).toString('latin1'));
  }
}

export const EXTENSIONS: Record<AllowedContentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
};

/** The most urgent stage reached `daysLeft` days before expiry, or null while more than 30 days remain. */
export function expiryStageOf(daysLeft: number): ExpiryStage | null {
  let reached: ExpiryStage | null = null;
  for (const stage of EXPIRY_STAGES) if (daysLeft <= stage) reached = stage;
  return reached;
}
