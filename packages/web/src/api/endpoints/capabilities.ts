import { CAPABILITIES_PATH, type CapabilityRow, roleCapabilitiesPath } from '@app/domain';
import { api } from '../client';
import { apiRead, getRead } from '../reads';

// The capabilities' reads and the role's write: the matrix of settings/capabilities.

export const capabilitiesReads = {
  all: getRead<CapabilityRow[]>('capabilities', CAPABILITIES_PATH),
  /** Keyed under the roles: saving a role's set re-reads it. */
  ofRole: (roleId: number) =>
    apiRead<CapabilityRow[]>('roles', [roleId, 'capabilities'], (signal) =>
      api.get<CapabilityRow[]>(roleCapabilitiesPath(roleId), undefined, signal),
    ),
};

/** Replaces the role's whole set of capabilities. */
export const saveRoleCapabilities = (roleId: number, capabilities: string[]) =>
  api.put(roleCapabilitiesPath(roleId), { capabilities });
