// The carousels of the member's invite and cashback screens (permission settings.manage): each a
// list of banners, saved whole with a reason through the settings trail (setting.change).
import { z } from 'zod';
import { BANNER_NAME, mediaPaths } from './media.ts';
import { ZOpsLastChange } from './promotions.ts';
import { ZReason } from './staff.ts';

export const CAROUSELS = ['inviteBanners', 'refundBanners'] as const;
export type Carousel = (typeof CAROUSELS)[number];

export const bannersPaths = {
  /** GET both carousels with who changed each last. */
  page: '/api/ops/carousel-banners',
  /** PUT one carousel's whole list (value, reason); the answer is the page read again. */
  inviteBanners: '/api/ops/carousel-banners/invite',
  refundBanners: '/api/ops/carousel-banners/refund',
} as const;

export const CAROUSEL_MAX_BANNERS = 10;

/**
 * An image the console uploaded (/files/banners/…), an https address, or one of the images the
 * member site ships under /banners (the seeded banners), so a list that still holds them saves.
 */
export const ZCarouselImage = z
  .string()
  .trim()
  .max(500)
  .refine(
    (url) =>
      new RegExp(`^${mediaPaths.banners}/${BANNER_NAME.source.slice(1)}`).test(url) ||
      /^https:\/\/[^\s/]+\/\S*$/.test(url) ||
      /^\/banners\/[\w-]+\.(svg|png|jpe?g|gif|webp)$/.test(url),
    { message: 'url' },
  );

export const ZCarouselBanner = z.strictObject({ image: ZCarouselImage, html: z.string().max(5000) });
export const ZCarouselBanners = z.array(ZCarouselBanner).max(CAROUSEL_MAX_BANNERS);
export type TCarouselBanners = z.infer<typeof ZCarouselBanners>;

export const ZCarouselChange = z.strictObject({ value: ZCarouselBanners, reason: ZReason });
export type TCarouselChange = z.input<typeof ZCarouselChange>;

const ZStoredBanners = z.array(z.object({ image: z.string(), html: z.string() }));
export const ZCarouselsPage = z.object({
  inviteBanners: ZStoredBanners,
  refundBanners: ZStoredBanners,
  changes: z.object({ inviteBanners: ZOpsLastChange, refundBanners: ZOpsLastChange }),
});
export type TCarouselsPage = z.infer<typeof ZCarouselsPage>;
