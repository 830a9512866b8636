// The roles of the API, as plain constants: no zod here, so a page that only lists roles (the admin's
// role picker) imports this file without pulling the schemas into its bundle.
export const ROLES = ['free', 'pro', 'business', 'admin'] as const;

/** Roles an administrator may give; admin belongs to the KARYA_ADMIN_EMAIL account only. */
export const ASSIGNABLE_ROLES = ['free', 'pro', 'business'] as const;

/** The credits a role starts with and is reset to when set. */
export const ROLE_CREDITS: Readonly<Record<(typeof ROLES)[number], number>> = {
  free: 10,
  pro: 150,
  business: 500,
  admin: 9999,
};
