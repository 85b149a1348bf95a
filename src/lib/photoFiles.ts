/** Photos the server accepts (DECISIONS §7): JPEG, PNG or WebP up to 5 MB; the patient's and the profile's. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
