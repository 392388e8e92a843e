// The uploads' metadata in the database's app_uploads table (SQLite or PostgreSQL): shared by
// every instance of the server, so any of them may serve, attach or sweep any upload.
import type { ExpressionBuilder } from 'kysely';
import type { FixedDb, FixedTables, UploadRow } from '../db/tables';
import type { Upload, UploadFilter, UploadIndex } from './types';

const toUpload = (row: UploadRow): Upload => ({
  id: Number(row.id),
  storedName: row.stored_name,
  originalName: row.original_name,
  mime: row.mime,
  size: Number(row.size),
  createdBy: row.created_by,
  ownerId: row.owner_id === null || row.owner_id === undefined ? null : Number(row.owner_id),
  createdAt: row.created_at,
  thumbnailName: row.thumbnail_name ?? null,
  resource: row.resource ?? null,
  recordId: row.record_id === null || row.record_id === undefined ? null : Number(row.record_id),
  attachedAs: row.attached_as ?? null,
});

/** The filter as SQL conditions: the same meaning as matches() in memory.ts. */
function where(filter: UploadFilter) {
  return (eb: ExpressionBuilder<FixedTables, 'app_uploads'>) => {
    const all = [];
    if (filter.id !== undefined) all.push(eb('id', '=', filter.id));
    if (filter.storedName !== undefined) all.push(eb('stored_name', '=', filter.storedName));
    if (filter.resource !== undefined) all.push(eb('resource', '=', filter.resource));
    if (filter.recordIds !== undefined) all.push(filter.recordIds.length ? eb('record_id', 'in', filter.recordIds) : eb.lit(false));
    if (filter.attachedAs !== undefined) all.push(eb('attached_as', '=', filter.attachedAs));
    if (filter.unattached) all.push(eb('resource', 'is', null));
    if (filter.createdBefore !== undefined) all.push(eb('created_at', '<', filter.createdBefore));
    const { visibleTo } = filter;
    if (visibleTo) {
      const own = eb.and([eb('resource', 'is', null), eb('owner_id', '=', visibleTo.accountId)]);
      all.push(visibleTo.resources.length ? eb.or([own, eb('resource', 'in', visibleTo.resources)]) : own);
    }
    return eb.and(all);
  };
}

export function sqlUploadIndex(db: FixedDb): UploadIndex {
  return {
    async insert(upload) {
      const row = await db
        .insertInto('app_uploads')
        .values({
          stored_name: upload.storedName,
          original_name: upload.originalName,
          mime: upload.mime,
          size: upload.size,
          created_by: upload.createdBy,
          owner_id: upload.ownerId,
          created_at: upload.createdAt,
          thumbnail_name: upload.thumbnailName,
          resource: upload.resource,
          record_id: upload.recordId,
          attached_as: upload.attachedAs,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toUpload(row);
    },
    async find(filter) {
      const rows = await db.selectFrom('app_uploads').selectAll().where(where(filter)).orderBy('id', 'desc').execute();
      return rows.map(toUpload);
    },
    async attach(id, attachment) {
      await db
        .updateTable('app_uploads')
        .set({
          resource: attachment?.resource ?? null,
          record_id: attachment?.recordId ?? null,
          attached_as: attachment?.attachedAs ?? null,
        })
        .where('id', '=', id)
        .execute();
    },
    async remove(ids) {
      if (ids.length) await db.deleteFrom('app_uploads').where('id', 'in', ids).execute();
    },
    async attachedRecords() {
      const rows = await db
        .selectFrom('app_uploads')
        .select(['resource', 'record_id'])
        .distinct()
        .where('resource', 'is not', null)
        .where('record_id', 'is not', null)
        .execute();
      return rows.map((row) => ({ resource: row.resource!, recordId: Number(row.record_id) }));
    },
  };
}
