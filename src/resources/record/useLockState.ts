import { type RaRecord, usePermissions } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { type LockState, lockState } from './lock';

/** Whether the signed-in person may change this record of `resource` (see lock.ts). */
export function useLockState(resource: string, record: RaRecord | undefined): LockState {
  const { permissions } = usePermissions<string[]>();
  return lockState(registry.resources[resource]?.['x-resource'].lock, record, permissions ?? []);
}
