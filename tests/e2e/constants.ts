/** The passwords the test server's first accounts get (ADMIN_PASSWORD, EDITOR_PASSWORD). */
export const E2E_PASSWORD = 'e2e-password-1';
