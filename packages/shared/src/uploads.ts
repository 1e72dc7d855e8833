// Image uploads: what the client checks before sending, and the server again.

import { LIMITS } from './constants.ts';

export const UPLOAD_MSG = {
  invalidImage: 'Please select a valid image file (JPEG, PNG, WebP).',
  tooLarge: 'File size must be less than 5MB.',
  noFile: 'No file was uploaded.',
  unsupportedType: 'Unsupported upload type',
  tooManyPixels: 'The image is too large in dimensions (at most 24 megapixels, e.g. 6000 × 4000). Please use a smaller image.',
  busy: 'Too many images are being processed right now. Please try again in a moment.',
  notYourFile: 'You can only delete your own uploads.',
} as const;

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The checks before an image is sent: an accepted type, at most LIMITS.imageMaxBytes. Null when fine. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MSG.invalidImage;
  if (file.size > LIMITS.imageMaxBytes) return UPLOAD_MSG.tooLarge;
  return null;
}

/** `type` of POST /profile/me/upload/data-image. */
export const DATA_IMAGE_TYPES = ['achievements', 'projects', 'volunteer-activities'] as const;
export type DataImageType = (typeof DATA_IMAGE_TYPES)[number];

/** Every kind of stored image, and the box it is fitted into. */
export const IMAGE_KINDS = {
  profile: { width: 512, height: 512, fit: 'cover' },
  cover: { width: 1600, height: 400, fit: 'cover' },
  achievements: { width: 1200, height: 1200, fit: 'inside' },
  projects: { width: 1200, height: 1200, fit: 'inside' },
  'volunteer-activities': { width: 1200, height: 1200, fit: 'inside' },
  candidate: { width: 800, height: 800, fit: 'inside' },
  event: { width: 1600, height: 1600, fit: 'inside' },
  article: { width: 1600, height: 1600, fit: 'inside' },
} as const;
export type ImageKind = keyof typeof IMAGE_KINDS;
