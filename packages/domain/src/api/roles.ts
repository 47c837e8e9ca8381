// The roles' contract.

export const ROLES_PATH = '/api/roles';
/** GET the role's capabilities (Capability[]); PUT {capabilities} replaces them. */
export const roleCapabilitiesPath = (id: number): string => `${ROLES_PATH}/${id}/capabilities`;
