// The PDF renderer of the Node entry: pdfmake (over pdfkit and fontkit) with Noto Sans SC, a
// TrueType font of the npm package @expo-google-fonts/noto-sans-sc that covers Chinese, the kana
// and the kanji of Japanese, and Latin. The library and the font (about 10 MB a weight) are
// loaded on the first PDF asked for, never at start; the font is subset into each file (only the
// glyphs used), so a report stays small.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDF_FONT, type PdfDocument, type PdfRenderer } from './types';

type PdfMake = (typeof import('pdfmake'))['default'];
let loading: Promise<PdfMake> | undefined;

/** pdfmake with the fonts in its virtual file system, made once; it reads no other file and no URL. */
function pdfmake(): Promise<PdfMake> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const [module, normal, bold] = await Promise.all([
      import('pdfmake'),
      readFile(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
      readFile(require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf')),
    ]);
    const maker = (module.default ?? module) as PdfMake;
    maker.virtualfs.writeFileSync('regular.ttf', normal);
    maker.virtualfs.writeFileSync('bold.ttf', bold);
    maker.setFonts({ [PDF_FONT]: { normal: 'regular.ttf', bold: 'bold.ttf', italics: 'regular.ttf', bolditalics: 'bold.ttf' } });
    // Documents are made from records: nothing in them may make the server fetch or read a file.
    maker.setUrlAccessPolicy(() => false);
    maker.setLocalAccessPolicy(() => false);
    return maker;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export function nodePdf(): PdfRenderer {
  return {
    async render(document: PdfDocument) {
      const maker = await pdfmake();
      return new Uint8Array(await maker.createPdf(document).getBuffer());
    },
    async image(bytes, mime) {
      if (mime === 'image/png' || mime === 'image/jpeg') return bytes;
      try {
        const sharp = (await import('sharp')).default;
        return new Uint8Array(await sharp(bytes).png().toBuffer());
      } catch {
        return undefined;
      }
    },
  };
}
