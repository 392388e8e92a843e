// The page-style settings: theme colour, tags view, fixed header, sidebar logo,
// dark mode and pinyin search; opened from the avatar menu, or the gear when showSettings is on.
import Close from '@mui/icons-material/Close';
import Settings from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useSettings } from '../../settings/SettingsContext';
import type { Settings as SettingsShape } from '../../settings/settings';

const SWATCHES = ['#1890ff', '#304156', '#11a983', '#13c2c2', '#6959cd', '#f5222d', '#fa8c16'];

type Toggle = Exclude<keyof SettingsShape, 'theme'>;
const TOGGLES: Toggle[] = ['tagsView', 'fixedHeader', 'sidebarLogo', 'darkMode', 'supportPinyinSearch', 'showSettings'];

export function SettingsDrawer() {
  const translate = useTranslate();
  const { settings, setSetting, drawerOpen, setDrawerOpen } = useSettings();
  return (
    <>
      {settings.showSettings && (
        <Fab
          color="primary"
          size="medium"
          aria-label={translate('app.settings.title')}
          onClick={() => setDrawerOpen(true)}
          sx={{ position: 'fixed', right: 0, top: '40%', borderRadius: '6px 0 0 6px', zIndex: (t) => t.zIndex.drawer }}
        >
          <Settings />
        </Fab>
      )}
      <Drawer
        anchor="right"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 300 }, p: 3 } } }}
      >
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('app.settings.title')}
          </Typography>
          <IconButton onClick={() => setDrawerOpen(false)} aria-label={translate('ra.action.close')} edge="end">
            <Close />
          </IconButton>
        </Stack>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {translate('app.settings.theme')}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          alignItems="center"
          sx={{ mb: 1, flexWrap: 'wrap' }}
          role="radiogroup"
          aria-label={translate('app.settings.theme')}
        >
          {SWATCHES.map((colour) => (
            <Box
              key={colour}
              component="button"
              role="radio"
              aria-checked={settings.theme === colour}
              aria-label={colour}
              data-colour={colour}
              onClick={() => setSetting('theme', colour)}
              sx={{
                width: 28,
                height: 28,
                borderRadius: 1,
                cursor: 'pointer',
                bgcolor: colour,
                border: 2,
                borderColor: settings.theme === colour ? 'text.primary' : 'transparent',
              }}
            />
          ))}
          <Box
            component="input"
            type="color"
            aria-label={translate('app.settings.custom_colour')}
            title={translate('app.settings.custom_colour')}
            value={settings.theme}
            onChange={(e: ChangeEvent<HTMLInputElement>) => setSetting('theme', e.target.value)}
            sx={{ width: 32, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
          />
        </Stack>
        <Divider sx={{ my: 2 }} />
        {TOGGLES.map((key) => (
          <FormControlLabel
            key={key}
            labelPlacement="start"
            sx={{ justifyContent: 'space-between', ml: 0, width: '100%' }}
            control={<Switch checked={settings[key]} onChange={(_e, checked) => setSetting(key, checked)} name={key} />}
            label={translate(`app.settings.${key}`)}
          />
        ))}
      </Drawer>
    </>
  );
}
