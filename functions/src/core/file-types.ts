/** The files uploads may be (core/uploads.ts checks them): apart, so that schemas naming them load no checks. */
import { z } from 'zod';

/** Accepted file types and the bytes each starts with (checked: a renamed file is refused). */
export const ALLOWED_CONTENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
] as const;
export type AllowedContentType = (typeof ALLOWED_CONTENT_TYPES)[number];
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** An upload's query: the file's original name, and the digest the bytes must have. */
export const uploadFileFields = (defaultName: string) => ({
  fileName: z.string().trim().min(1).max(200).optional().describe(`The original file name; default: ${defaultName}`),
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
    .optional()
    .describe('Hex SHA-256 of the bytes: the upload is refused (422 CHECKSUM_MISMATCH) when the bytes received differ'),
});
