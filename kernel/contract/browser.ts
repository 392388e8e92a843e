// What the console keeps in the browser (its cookies) and the pages it opens without a session.

/** The session token's cookie (as vue-element-admin keeps it). */
export const TOKEN_COOKIE = 'Admin-Token';
/** The global component size's cookie. */
export const SIZE_COOKIE = 'size';
/** Console pages opened without a session (a pop-up sign-in's landing page): they never show the sign-in form. */
export const PUBLIC_PATHS = ['/auth-redirect'];
