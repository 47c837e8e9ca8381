import {
  REMOTE_ORDERS_IMPORT_PATH,
  REMOTE_ORDERS_PATH,
  type RemoteOrderFile,
  type RemoteOrderImportOutcome,
  remoteOrderFilePath,
} from '@app/domain';
import { api, request } from '../client';
import { apiRead } from '../reads';

// The partner order folder: its files, a drop, an import, a deletion.

export const remoteOrdersRead = apiRead<RemoteOrderFile[]>('remote-orders', [], (signal) =>
  api.get<{ data: RemoteOrderFile[] }>(REMOTE_ORDERS_PATH, undefined, signal).then((answer) => answer.data),
);

/** Drops a file in the folder; answers the name it was given. */
export const uploadRemoteOrder = (file: File) => api.upload<{ file: string }>(REMOTE_ORDERS_PATH, file);

export const importRemoteOrder = (file: string) =>
  api.post<RemoteOrderImportOutcome>(REMOTE_ORDERS_IMPORT_PATH, { file });

export const removeRemoteOrder = (file: string) => request<void>(remoteOrderFilePath(file), { method: 'DELETE' });
