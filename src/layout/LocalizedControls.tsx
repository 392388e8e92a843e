// MUI's controls name their parts in English unless told otherwise: a pagination's landmark
// ("pagination navigation") and buttons ("Go to next page"), an autocomplete's "Open", an
// alert's "Close". Every one of them inside the console takes its names from the console's
// messages, in the language shown, as the defaults of the theme below the console's own (a new
// language mounts the console anew, and this with it).
import { type ReactNode, useMemo } from 'react';
import { type Theme, ThemeProvider } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

type PageButton = 'page' | 'first' | 'last' | 'next' | 'previous';

export function LocalizedControls({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const theme = useMemo(() => {
    const pageButton = (type: PageButton, page?: number | null, selected?: boolean) =>
      type === 'page'
        ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page })
        : translate(`ra.navigation.${type}`);
    const defaults: Record<string, Record<string, unknown>> = {
      MuiPagination: { 'aria-label': translate('app.layout.pagination'), getItemAriaLabel: pageButton },
      MuiTablePagination: { getItemAriaLabel: pageButton, labelRowsPerPage: translate('ra.navigation.page_rows_per_page') },
      MuiAutocomplete: {
        openText: translate('ra.action.open'),
        closeText: translate('ra.action.close'),
        clearText: translate('ra.action.clear_input_value'),
        loadingText: translate('ra.page.loading'),
      },
      MuiAlert: { closeText: translate('ra.action.close') },
      MuiBreadcrumbs: { expandText: translate('app.navbar.breadcrumb_expand') },
    };
    return (outer: Theme): Theme => ({
      ...outer,
      components: {
        ...outer.components,
        ...Object.fromEntries(
          Object.entries(defaults).map(([name, props]) => {
            const own = outer.components?.[name as keyof Theme['components']] as { defaultProps?: object } | undefined;
            return [name, { ...own, defaultProps: { ...own?.defaultProps, ...props } }];
          }),
        ),
      },
    });
  }, [translate]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
