/** The two kinds of user (SPEC §2); apart from ./constants.ts so the SPA's first file does not load that one. */
export const USER_TYPES = ['medic', 'secretary'] as const;
export type UserType = (typeof USER_TYPES)[number];
