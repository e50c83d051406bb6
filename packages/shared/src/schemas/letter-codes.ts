// Sponsorship letters (docs/product.md#sponsorship-letters): the stored codes of a letter's direction,
// state and files, shared by the database's CHECKs, the API and the web.

/** to_child: a sponsor writes to their child; to_sponsor: the child's reply, scanned and typed by staff. */
export const LETTER_DIRECTIONS = ['to_child', 'to_sponsor'] as const;
export type LetterDirection = (typeof LETTER_DIRECTIONS)[number];

/**
 * in_review: waiting in the staff queue; returned: sent back to its writer with a reason; approved:
 * cleared (with its contact details redacted) and, for a reply, readable by the sponsor; delivered:
 * handed to the child (a sponsor's letter, once printed and taken to the community).
 */
export const LETTER_STATUSES = ['in_review', 'returned', 'approved', 'delivered'] as const;
export type LetterStatus = (typeof LETTER_STATUSES)[number];

/** photo: the sponsor's optional photo; scan: the child's handwritten reply (image or PDF). */
export const LETTER_FILE_PURPOSES = ['photo', 'scan'] as const;
export type LetterFilePurpose = (typeof LETTER_FILE_PURPOSES)[number];

/** How a letter's image was cleared at approval: boxes burned into it, or staff confirmed it shows no contact details. */
export const LETTER_IMAGE_REVIEWS = ['redacted', 'confirmed'] as const;
export type LetterImageReview = (typeof LETTER_IMAGE_REVIEWS)[number];
