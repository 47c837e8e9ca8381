// The administrator the server creates on its first start (role su), from ADMIN_EMAIL/ADMIN_PASSWORD.
export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'Nacelle-2026!';

/** Role ids the server seeds (domain ROLES). */
export const ROLE_IDS = { su: 1, admin: 2, operator: 3 } as const;
