// The icons route entries may name in schemas/routes.json (meta.icon). Listed one by one so the
// bundle carries only these, not the whole icon set; an unknown name shows the generic icon.
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import AttachFile from '@mui/icons-material/AttachFile';
import Badge from '@mui/icons-material/Badge';
import Build from '@mui/icons-material/Build';
import Dataset from '@mui/icons-material/Dataset';
import Folder from '@mui/icons-material/Folder';
import Groups from '@mui/icons-material/Groups';
import Home from '@mui/icons-material/Home';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import MenuBook from '@mui/icons-material/MenuBook';
import MenuIcon from '@mui/icons-material/Menu';
import OilBarrel from '@mui/icons-material/OilBarrel';
import Person from '@mui/icons-material/Person';
import Schedule from '@mui/icons-material/Schedule';
import Security from '@mui/icons-material/Security';
import Sensors from '@mui/icons-material/Sensors';
import Settings from '@mui/icons-material/Settings';
import type { SvgIconComponent } from '@mui/icons-material';

const icons: Record<string, SvgIconComponent> = {
  admin: AdminPanelSettings,
  attach: AttachFile,
  badge: Badge,
  book: MenuBook,
  build: Build,
  dataset: Dataset,
  folder: Folder,
  groups: Groups,
  home: Home,
  menu: MenuIcon,
  oil: OilBarrel,
  person: Person,
  schedule: Schedule,
  security: Security,
  sensors: Sensors,
  settings: Settings,
};

export function iconFor(name: string | undefined): SvgIconComponent {
  return (name && icons[name]) || LabelOutlined;
}
