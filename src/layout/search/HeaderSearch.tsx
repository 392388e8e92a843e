// The header search: a search button (and Ctrl/⌘+K anywhere) opening a search box that finds the
// pages the person may open (search.ts) and records across everything (GET /search,
// kernel/search/find.ts), grouped by kind; Enter or a click opens the one highlighted. Full screen
// on a phone.
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PopperProps } from '@mui/material/Popper';
import type { Theme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { FoundItem } from '../../../kernel/search/find';
import { request } from '../../api/http';
import { useVisibleRoutes } from '../../routes/useVisibleRoutes';
import { useSettings } from '../../settings/SettingsContext';
import { type SearchItem, createSearcher, searchPool, withPinyin, withSynonyms } from './search';
import { useRouterLater } from '../../routes/pathname';

/** Typing is let settle this long before the server is asked. */
const ASK_AFTER_MS = 200;
const PAGE_KIND = 'page';

interface Choice {
  kind: string;
  path: string;
  title: string;
  subtitle?: string;
}

export function HeaderSearch() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const label = translate('app.search.label');
  return (
    <>
      <Tooltip title={`${label} (Ctrl+K)`}>
        <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={label}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/** The pages matching the query, as choices. */
function usePageChoices(query: string): Choice[] {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const routes = useVisibleRoutes();
  const { settings } = useSettings();
  const basePool = useMemo(() => withSynonyms(searchPool(routes, translate), translate('app.search.synonyms')), [routes, translate]);
  const pinyinWanted = locale === 'zh' && settings.supportPinyinSearch;
  const [pinyinPool, setPinyinPool] = useState<SearchItem[] | undefined>();
  useEffect(() => {
    if (!pinyinWanted) return;
    let current = true;
    void withPinyin(basePool).then((pool) => current && setPinyinPool(pool));
    return () => {
      current = false;
    };
  }, [pinyinWanted, basePool]);
  const pool = pinyinWanted && pinyinPool ? pinyinPool : basePool;
  const search = useMemo(() => createSearcher(pool, pinyinWanted && Boolean(pinyinPool)), [pool, pinyinWanted, pinyinPool]);
  return query ? search(query).map((item) => ({ kind: PAGE_KIND, path: item.path, title: item.title.join(' > ') })) : [];
}

/**
 * The query once typing has settled, and the records matching it, asked of the server then;
 * `ready` once the server has answered that query.
 */
function useRecordChoices(query: string): { asked: string; choices: Choice[]; ready: boolean } {
  const typed = query.trim();
  const [asked, setAsked] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), ASK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isPlaceholderData, isError } = useQuery({
    queryKey: ['api', '/search', asked],
    queryFn: async () => (await request<{ items: FoundItem[] }>('/search', { query: { q: asked } })).data.items,
    enabled: asked !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  // A server that cannot answer leaves the pages to be found.
  const ready = asked === typed && ((data !== undefined && !isPlaceholderData) || isError);
  const items = ready && data && !isPlaceholderData ? data : [];
  // Shown in groups by kind: each kind where its best match stands in the server's order.
  const kinds = [...new Set(items.map((item) => item.type))];
  const choices = kinds.flatMap((kind) =>
    items.filter((item) => item.type === kind).map((item) => ({ kind, path: item.path, title: item.title, subtitle: item.subtitle })),
  );
  return { asked, choices, ready };
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const { navigate } = useRouterLater();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [query, setQuery] = useState('');
  const records = useRecordChoices(query);
  const pages = usePageChoices(records.asked);
  // Pages and records are shown together, once the server has answered what was typed: the list
  // then starts afresh and its first choice is the one Enter opens (choices arriving into a list
  // on screen would keep a page highlighted above the record asked for). A record named by what
  // was typed (T4773 for "t47") comes before the pages; otherwise pages lead.
  const lowered = records.asked.toLowerCase();
  const recordsFirst = records.choices.some((choice) => choice.title.toLowerCase().startsWith(lowered));
  const options = !records.ready ? [] : recordsFirst ? [...records.choices, ...pages] : [...pages, ...records.choices];
  const kindLabel = (kind: string) =>
    kind === PAGE_KIND ? translate('app.search.pages') : translate(`resources.${kind}.name`, { smart_count: 2, _: kind });
  const label = translate('app.search.label');

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      sx={phone ? undefined : { '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <Box sx={{ p: 2, display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Autocomplete<Choice>
            open={query.trim() !== ''}
            autoHighlight
            forcePopupIcon={false}
            options={options}
            filterOptions={(x) => x}
            groupBy={(choice) => kindLabel(choice.kind)}
            getOptionLabel={(choice) => choice.title}
            getOptionKey={(choice) => `${choice.kind}:${choice.path}:${choice.title}`}
            isOptionEqualToValue={(a, b) => a.kind === b.kind && a.path === b.path && a.title === b.title}
            inputValue={query}
            onInputChange={(_event, value, reason) => reason !== 'reset' && setQuery(value)}
            onChange={(_event, choice) => {
              if (!choice) return;
              onClose();
              navigate(choice.path);
            }}
            loading={!records.ready}
            loadingText={translate('app.search.searching')}
            noOptionsText={translate('app.search.none')}
            slots={{ popper: InlineList }}
            renderOption={({ key, ...props }, choice) => (
              <li key={key} {...props}>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" translate={choice.kind === PAGE_KIND ? undefined : 'no'}>
                    {choice.title}
                  </Typography>
                  {choice.subtitle && (
                    <Typography variant="caption" color="text.secondary" translate="no" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                      {choice.subtitle}
                    </Typography>
                  )}
                </Box>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                placeholder={translate('app.search.placeholder')}
                slotProps={{ htmlInput: { ...params.inputProps, 'aria-label': label } }}
              />
            )}
          />
        </Box>
        {phone && (
          <IconButton onClick={onClose} aria-label={translate('ra.action.close')} sx={{ mt: 1 }}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
    </Dialog>
  );
}

/** The list of choices drawn in the dialog under the field, not floating over the page. */
function InlineList({ open, children }: PopperProps) {
  return open ? (
    <Box
      sx={{
        mt: 1,
        '& .MuiAutocomplete-paper': { boxShadow: 'none' },
        '& .MuiAutocomplete-listbox': { maxHeight: { xs: 'calc(100dvh - 120px)', sm: '60vh' } },
      }}
    >
      {children as ReactNode}
    </Box>
  ) : null;
}
