import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The face a poem's card is set in: Charis SIL (SIL Open Font License 1.1), a Charter, the first
 * of the serifs the pages ask for (apps/web/app/styles.css). Its TrueType files come with the
 * npm package @expo-google-fonts/charis-sil: regular, italic, bold and bold italic.
 */
export const CARD_FONT = 'Charis SIL';

const FONT_DIR = path.dirname(
  createRequire(import.meta.url).resolve('@expo-google-fonts/charis-sil/package.json'),
);

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Points fontconfig, which libvips sets text through (Pango), at a configuration that knows the
 * card's fonts and nothing else: no font of the machine's stands in, so a card comes out the same
 * on a laptop, in CI and in the slim container image (which has no fonts at all). A character
 * Charis SIL lacks (emoji, CJK, Hebrew, Arabic) is drawn as a box, everywhere alike.
 *
 * Fontconfig reads `FONTCONFIG_FILE` once, when first used: call this before libvips sets any text
 * (`loadSharp` does, before it loads sharp). The file goes under the system's temporary folder,
 * at a path named by the font folder, written whole (renamed into place), so every process of
 * the same install shares one file and one font cache.
 */
export function useCardFontsOnly(): void {
  const name = createHash('sha256').update(FONT_DIR).digest('hex').slice(0, 16);
  const dir = path.join(tmpdir(), `poetry-card-fonts-${name}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fonts.conf');
  const staging = `${file}.${process.pid}`;
  writeFileSync(
    staging,
    `<?xml version="1.0"?>\n<fontconfig>\n  <dir>${xmlText(FONT_DIR)}</dir>\n  <cachedir>${xmlText(dir)}</cachedir>\n</fontconfig>\n`,
  );
  renameSync(staging, file);
  process.env.FONTCONFIG_FILE = file;
}
