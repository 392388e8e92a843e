// The Material icons the console can load, read from the installed @mui/icons-material (Node
// only: the server and the tests hand this list to the schema check).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isFilledIcon } from './material-icon';

/** The folder the console's icon chunks come from (see src/layout/icon-loaders.ts). */
const ICON_DIR = join(import.meta.dirname, '../../node_modules/@mui/icons-material/esm');

/** The filled icon components (`OilBarrel`, `AdminPanelSettings`, …). */
export function materialIconComponents(dir = ICON_DIR): Set<string> {
  return new Set(
    readdirSync(dir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => file.slice(0, -3))
      .filter(isFilledIcon),
  );
}
