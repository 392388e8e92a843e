// Route icons are Material icon names as Google writes them (`oil_barrel`, `admin_panel_settings`,
// `3d_rotation`); @mui/icons-material exports each as a component (`OilBarrel`). This turns the
// one into the other, for the console that loads the icon and for the check that refuses a name
// no component answers to. Only the filled style is offered: variant names are not icon names.

const DIGIT_WORDS = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];
const TEEN_WORDS = ['Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];

/** The style suffixes of the other variants, which the console does not offer. */
export const ICON_VARIANT_SUFFIXES = ['Outlined', 'Rounded', 'Sharp', 'TwoTone'];

/** A name as Google writes it: lower-case words of letters and digits joined by `_`. */
const SNAKE = /^[a-z0-9]+(_[a-z0-9]+)*$/;

/**
 * A JavaScript identifier cannot begin with a digit, so the package spells a leading number
 * out; these are the spellings it uses, tried in order.
 */
const LEADING_NUMBER: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^3d/, () => 'ThreeD'],
  [/^3p/, () => 'ThreeP'],
  [/^30fps/, () => 'ThirtyFps'],
  [/^60fps/, () => 'SixtyFps'],
  [/^360/, () => 'ThreeSixty'],
  [/^(\d)Ft/, (m) => `${DIGIT_WORDS[Number(m[1])]}Ft`],
  [/^(\d)k/, (m) => `${DIGIT_WORDS[Number(m[1])]}K`],
  [/^(\d)m(?=p)/, (m) => `${DIGIT_WORDS[Number(m[1])]}M`],
  [/^1(\d)m(?=p)/, (m) => `${TEEN_WORDS[Number(m[1])]}M`],
  [/^2(\d)m(?=p)/, (m) => `Twenty${DIGIT_WORDS[Number(m[1])]}M`],
  [/^1x/, () => 'TimesOne'],
  [/^([345])g/, (m) => `${DIGIT_WORDS[Number(m[1])]}G`],
  [/^1(\d)/, (m) => TEEN_WORDS[Number(m[1])]],
];

/** The component a Google icon name maps to (`oil_barrel` → `OilBarrel`); undefined when the name is not written that way. */
export function iconComponentName(name: string): string | undefined {
  if (!SNAKE.test(name)) return undefined;
  const joined = name.replace(/(^|_)(.)/g, (_m, _sep: string, first: string) => first.toUpperCase());
  for (const [pattern, spell] of LEADING_NUMBER) {
    const match = joined.match(pattern);
    if (match) return spell(match) + joined.slice(match[0].length);
  }
  return joined;
}

/** Whether a file name of the package's esm folder (without `.js`) is a filled icon. */
export const isFilledIcon = (component: string) =>
  /^[A-Z][A-Za-z0-9]*$/.test(component) && !ICON_VARIANT_SUFFIXES.some((suffix) => component.endsWith(suffix));
