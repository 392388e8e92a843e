// The header route search: a search icon that opens a field; results as "Parent > Child".
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useVisibleRoutes } from '../../routes/useVisibleRoutes';
import { useSettings } from '../../settings/SettingsContext';
import { type SearchItem, createSearcher, searchPool, withPinyin, withSynonyms } from './search';
import { useRouterLater } from '../../routes/pathname';

export function HeaderSearch() {
  const translate = useTranslate();
  const { navigate } = useRouterLater();
  const [locale] = useLocaleState();
  const routes = useVisibleRoutes();
  const { settings } = useSettings();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
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
  const results = query ? search(query) : [];

  if (!open) {
    return (
      <Tooltip title={translate('app.search.label')}>
        <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={translate('app.search.label')}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Autocomplete
      open={query.length > 0}
      autoHighlight
      size="small"
      options={results}
      filterOptions={(x) => x}
      getOptionLabel={(item) => item.title.join(' > ')}
      isOptionEqualToValue={(a, b) => a.path === b.path}
      inputValue={query}
      onInputChange={(_e, value) => setQuery(value)}
      onChange={(_e, item) => {
        if (item) navigate(item.path);
        setQuery('');
        setOpen(false);
      }}
      onBlur={() => {
        setQuery('');
        setOpen(false);
      }}
      noOptionsText={translate('app.search.none')}
      sx={{ width: 220 }}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          variant="standard"
          placeholder={translate('app.search.label')}
          inputProps={{ ...params.inputProps, 'aria-label': translate('app.search.label') }}
        />
      )}
    />
  );
}
