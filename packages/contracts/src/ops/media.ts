// Images the operators upload for the member site (banners, spin wheel art), permission
// settings.manage. Checked by their bytes and re-encoded like chat images; a refusal answers
// KEY_INVALID with a reason of UPLOAD_REFUSALS and stores nothing. Served publicly, forever,
// under a random name: a new image is a new address.
import { z } from 'zod';
import { UPLOAD_REFUSALS } from '../chat.ts';

export const mediaPaths = {
  /** POST multipart, one `file` part: a PNG, JPEG or GIF. */
  upload: '/api/ops/images',
  /** GET <banners>/<name>: the stored image, for every visitor. */
  banners: '/files/banners',
} as const;

export const BANNER_IMAGE_MAX_MB = 5;

export { UPLOAD_REFUSALS };
export type UploadRefusal = (typeof UPLOAD_REFUSALS)[keyof typeof UPLOAD_REFUSALS];

export const BANNER_NAME = /^[0-9a-f]{32}\.(png|jpg|gif)$/;
export const ZBannerFileParams = z.strictObject({ name: z.string().regex(BANNER_NAME) });

export const ZImageUploadResponse = z.object({ url: z.string() });
export type TImageUploadResponse = z.infer<typeof ZImageUploadResponse>;

/** An address this upload answers: the console's forms accept only these for banner images. */
export const ZBannerUrl = z.string().regex(new RegExp(`^${mediaPaths.banners}/${BANNER_NAME.source.slice(1)}`));
