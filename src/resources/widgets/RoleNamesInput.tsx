// An account's roles (x-ui.widget "roleNames"): the names of the stored roles, picked in a box
// that shows each chosen one as a chip and offers the others with their descriptions. A name
// the account has but no role bears any more stays, so that saving does not drop it unseen.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { InputHelperText, useGetList, useInput, useTranslate } from 'react-admin';
import { type WidgetInputProps, accessResource } from './types';

interface RoleRecord {
  id: number;
  name: string;
  description?: string;
}

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' as const } };

export default function RoleNamesInput({ source, label, helperText, isRequired, disabled }: WidgetInputProps) {
  const translate = useTranslate();
  const { field, fieldState, isRequired: required } = useInput({ source, isRequired, defaultValue: [] });
  const { data, isPending } = useGetList<RoleRecord>(accessResource('roles') ?? '', ALL);
  const chosen = useMemo<string[]>(() => (Array.isArray(field.value) ? field.value : []), [field.value]);
  const described = useMemo(() => new Map((data ?? []).map((role) => [role.name, role.description ?? ''])), [data]);
  const options = useMemo(() => [...new Set([...(data ?? []).map((role) => role.name), ...chosen])], [data, chosen]);
  const error = fieldState.error?.message;
  return (
    <Autocomplete
      multiple
      options={options}
      value={chosen}
      loading={isPending}
      disabled={disabled}
      filterSelectedOptions
      onChange={(_event, value) => field.onChange(value)}
      onBlur={field.onBlur}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('app.access.no_roles')}
      renderValue={(value, getItemProps) =>
        value.map((name, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={name}
              color={described.has(name) ? 'primary' : 'default'}
              variant="outlined"
              {...itemProps}
            />
          );
        })
      }
      renderOption={({ key, ...props }, name) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography variant="body2">{name}</Typography>
          {described.get(name) && (
            <Typography variant="caption" color="text.secondary">
              {described.get(name)}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={source}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={<InputHelperText error={error} helperText={helperText} />}
          margin="dense"
        />
      )}
      data-widget="roleNames"
    />
  );
}
