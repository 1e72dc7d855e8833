import * as z from 'zod';
import { imageFileProblem, UPLOAD_MSG } from '../uploads.ts';
import { okSchema, type WireOf } from './envelope.ts';

// The answers of the image uploads (profile and cover pictures, pictures of profile items).

/** An image was stored: its address. */
export const uploadedImageResponse = okSchema({ url: z.string() });

export type UploadedImageResponse = WireOf<typeof uploadedImageResponse>;

/** A picture chosen for upload (the profile picture, the cover image): required, and an image the server takes. */
export const imageFileSchema = z.object({
  file: z.custom<{ type: string; size: number } | null>().superRefine((file, ctx) => {
    const problem = file ? imageFileProblem(file) : UPLOAD_MSG.invalidImage;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
export type ImageFileInput = z.output<typeof imageFileSchema>;
