/**
 * Image links of the demo's real products as their makers or the big retailers publish them, keyed by the demo
 * product's key (`demoProductKey`: a variant, `real-sony-wh-1000xm5-black`) or by its product's key without the
 * variant's words (`real-sony-wh-1000xm5`) for a picture every variant shares. `from` names the public page the link
 * was read from. Never made up: a product with no link read from a real page has none.
 */
export interface RealProductImage {
  /** The image's absolute https URL. */
  image: string;
  /** The public page that publishes it. */
  from: string;
}

export const REAL_PRODUCT_IMAGES: Readonly<Record<string, RealProductImage>> = {};
