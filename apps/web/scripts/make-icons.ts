/**
 * Makes the site's raster icons in `public/` from `public/favicon.svg`, the one drawing of the
 * icon: `favicon.ico` (16, 32 and 48 pixels, for browsers and tools that ask for `/favicon.ico`),
 * `apple-touch-icon.png` (180, square: iOS rounds the corners itself) and the web manifest's
 * `icon-192.png` and `icon-512.png`. Run it after changing the drawing
 * (`pnpm --filter @poetry/web icons`) and commit what it writes: the letter is set in the
 * machine's serif, so the files are made once, here, rather than at every build.
 */
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const PUBLIC = new URL('../public/', import.meta.url);

/** `svg` rendered at `size`×`size` pixels, as a PNG; 72 DPI is the SVG's own size, 32 pixels. */
const png = (svg: Buffer, size: number) =>
  sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/**
 * An ICO file holding `images` (PNGs, each at most 256 pixels a side), as every browser since
 * Windows Vista's reads it: a 6-byte header, a 16-byte entry per image, then the images.
 */
async function ico(images: Buffer[]): Promise<Buffer> {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries: Buffer[] = [];
  for (const image of images) {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const entry = Buffer.alloc(16);
    entry.writeUInt8(width % 256, 0); // 0 means 256
    entry.writeUInt8(height % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images]);
}

const svg = await readFile(new URL('favicon.svg', PUBLIC));
// The same tile without its rounded corners, which iOS would fill with black.
const square = Buffer.from(svg.toString('utf8').replace(/ rx="[^"]*"/, ''));

const files: Record<string, Buffer> = {
  'favicon.ico': await ico(await Promise.all([16, 32, 48].map((size) => png(svg, size)))),
  'apple-touch-icon.png': await png(square, 180),
  'icon-192.png': await png(svg, 192),
  'icon-512.png': await png(svg, 512),
};
for (const [name, bytes] of Object.entries(files)) {
  await writeFile(new URL(name, PUBLIC), bytes);
  console.log(`public/${name}: ${bytes.length} bytes`);
}
