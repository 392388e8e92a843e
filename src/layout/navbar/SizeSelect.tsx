import FormatSize from '@mui/icons-material/FormatSize';
import { useNotify, useTranslate } from 'react-admin';
import { useSettings } from '../../settings/SettingsContext';
import { SIZES, type Size } from '../../settings/settings';
import { ChoiceMenuButton } from './ChoiceMenuButton';
import { useRouterLater } from '../../routes/pathname';

/** The global size; a change refreshes the current view and says so. */
export function SizeSelect() {
  const translate = useTranslate();
  const notify = useNotify();
  const { navigate, location } = useRouterLater();
  const { size, setSize } = useSettings();

  const choose = (next: Size) => {
    setSize(next);
    const { pathname, search } = location();
    navigate(`/redirect${pathname}${search}`, { replace: true });
    notify('app.size.switched', { type: 'success' });
  };
  return (
    <ChoiceMenuButton
      label={translate('app.navbar.size')}
      icon={<FormatSize />}
      choices={SIZES.map((option) => ({ value: option, label: translate(`app.size.${option}`) }))}
      current={size}
      onChoose={choose}
    />
  );
}
