// What a record's page, detail or form shows instead of the record when it could not be had: the
// not-found page when the address names no record (none with that id, or an id that cannot be
// one), otherwise that the call failed, with a button to ask again. The address stays as it is.
import { useEffect } from 'react';
import { useEditContext, useShowContext, useTranslate } from 'react-admin';
import { Code } from '../../kernel/contract/codes';
import { registry } from '../../kernel/schema/load-vite';
import { ApiError } from '../api/http';
import { NotFound } from '../layout/NotFound';
import { tagsStore } from '../layout/tags-bar/tagsStore';
import { usePathname } from '../routes/pathname';
import { LoadFailed } from './LoadFailed';
import { useLinks } from './useLinks';

/** The server's answer to a record asked for by an id: there is none with it, or it cannot be an id. */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.code === Code.notFound || error.code === Code.invalidInput);

/**
 * The not-found page of a record of `resource`, offering its list (or its parent's). The page
 * leaves no tag in the tags bar: there is nothing there to come back to.
 */
export function RecordNotFound({ resource }: { resource: string }) {
  const translate = useTranslate();
  const links = useLinks();
  const pathname = usePathname();
  useEffect(() => tagsStore.hide(pathname), [pathname]);
  const parent = registry.resources[resource]?.['x-resource'].parent?.resource;
  const list = links.to(resource, 'list') ?? (parent ? links.to(parent, 'list') : undefined);
  return (
    <NotFound
      headline={translate('app.page404.record_headline', {
        name: translate(`resources.${resource}.name`, { smart_count: 1, _: resource }),
      })}
      info={translate('app.page404.record_info')}
      back={list ? { to: list, label: translate('app.page404.to_list') } : undefined}
    />
  );
}

export function RecordUnavailable({ resource, error, retry }: { resource: string; error: unknown; retry: () => void }) {
  return isMissing(error) ? <RecordNotFound resource={resource} /> : <LoadFailed error={error} retry={retry} />;
}

/** For a record page or detail (inside react-admin's show controller). */
export function ShowUnavailable() {
  const { resource, error, refetch } = useShowContext();
  return <RecordUnavailable resource={resource} error={error} retry={() => void refetch()} />;
}

/** For an edit form (inside react-admin's edit controller). */
export function EditUnavailable() {
  const { resource, error, refetch } = useEditContext();
  return <RecordUnavailable resource={resource} error={error} retry={() => void refetch()} />;
}

/** The query options of a record's call whose failure the page shows itself: no notice on top of it. */
export const QUIET_RECORD_QUERY = { onError: () => undefined };
