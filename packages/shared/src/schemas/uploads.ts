import * as z from 'zod';
import { okSchema, type WireOf } from './envelope.ts';

// The answers of the image uploads (profile and cover pictures, pictures of profile items).

/** An image was stored: its address. */
export const uploadedImageResponse = okSchema({ url: z.string() });

export type UploadedImageResponse = WireOf<typeof uploadedImageResponse>;
