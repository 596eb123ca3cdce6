/**
 * The storage rules of files uploaded through the functions (an employee's documents, a message's
 * attachments): the accepted types, each checked by the bytes it starts with (a renamed .exe is not
 * a PDF), the size limit (the route's body limit), the digest the client sent. Files live in Cloud
 * Storage (core/storage.ts), never public.
 */
import { createHash } from 'node:crypto';
import { coreErrors } from './errors';
import { ALLOWED_CONTENT_TYPES, type AllowedContentType } from './file-types';

export { ALLOWED_CONTENT_TYPES, MAX_FILE_BYTES, type AllowedContentType } from './file-types';

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

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim().toLowerCase();

/** A file the storage rules accept: its media type, the SHA-256 of its bytes, its usual extension. */
export interface AcceptedFile {
  contentType: AllowedContentType;
  sha256: string;
  extension: string;
}

/**
 * The storage rules of uploaded files (an employee's documents, a message's attachments): one of
 * the accepted types by its Content-Type, not empty, bytes that are a file of that type, and the
 * digest the client sent when it sent one. The size limit is the route's body limit.
 */
export function acceptedFile({
  contentTypeHeader,
  bytes,
  sha256: claimed,
}: {
  contentTypeHeader: string | undefined;
  bytes: Buffer;
  sha256?: string;
}): AcceptedFile {
  const contentType = mediaType(contentTypeHeader);
  if (!(ALLOWED_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw coreErrors.FILE_TYPE_NOT_ALLOWED(
      `Content-Type ${contentType || '(none)'} is not accepted; send one of ${ALLOWED_CONTENT_TYPES.join(', ')}`,
    );
  }
  const type = contentType as AllowedContentType;
  if (bytes.length === 0) throw coreErrors.FILE_EMPTY('The upload has no bytes');
  if (!bytesMatchType(bytes, type)) throw coreErrors.FILE_CONTENT_MISMATCH(`The bytes are not a file of type ${type}`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (claimed && claimed.toLowerCase() !== sha256) {
    throw coreErrors.CHECKSUM_MISMATCH(
      'The bytes received do not match the sha256 sent: the upload was damaged or incomplete; send it again',
      [{ path: 'query.sha256', message: `received bytes have SHA-256 ${sha256}` }],
    );
  }
  return { contentType: type, sha256, extension: EXTENSIONS[type] };
}
