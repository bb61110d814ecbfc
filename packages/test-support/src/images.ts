import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const RED = '#ff0000';
const BLUE = '#0000ff';

/** A plain image of one colour, made by sharp. */
export function solidImage(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width = 800,
  height = 600,
  colour = '#3a7',
) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A PNG of one colour that costs the most a PNG can to decode per pixel: 16 bits a channel, with
 * alpha, and interlaced (Adam7), which makes libvips hold the whole image rather than stream its
 * rows. 7000×7000 (49 megapixels) is about 2.1 MB, under the 5 MB upload limit, and takes about
 * 1.1 s of one core to re-encode here, where a flat 8-bit one takes 50 ms.
 */
export const costlyPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#3a7' } })
    .toColourspace('rgb16')
    .png({ progressive: true })
    .toBuffer();

/** A PNG of random noise, which barely compresses: about 3.7 MB, under the 5 MB limit. */
export const noisyPng = () =>
  sharp({
    create: {
      width: 1200,
      height: 1100,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

/**
 * An 800×600 JPEG, red on the left half and blue on the right, with EXIF GPS coordinates, a camera
 * make, and orientation 6 (turn 90° clockwise to show it): shown upright it is 600×800, red on top.
 */
export async function phoneJpeg() {
  const blueHalf = await sharp({ create: { width: 400, height: 600, channels: 3, background: BLUE } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 800, height: 600, channels: 3, background: RED } })
    .composite([{ input: blueHalf, left: 400, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SecretCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3999/100',
      },
    })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few dozen bytes whose header claims `width`×`height` pixels (a decompression bomb). */
export function pngClaiming(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The tag ids in the GPS directory of an EXIF block (as sharp's `metadata().exif` gives it). */
export function gpsTagsOf(exif: Buffer | undefined): number[] {
  if (!exif) return [];
  const tiff = exif.toString('latin1', 0, 6) === 'Exif\0\0' ? exif.subarray(6) : exif;
  const littleEndian = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (littleEndian ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (littleEndian ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (at: number) =>
    Array.from({ length: u16(at) }, (_, i) => ({ tag: u16(at + 2 + i * 12), value: u32(at + 10 + i * 12) }));
  const gpsPointer = entries(u32(4)).find((entry) => entry.tag === 0x8825);
  return gpsPointer ? entries(gpsPointer.value).map((entry) => entry.tag) : [];
}

/** Which of red, green and blue dominates the pixel at (x, y) of an encoded image. */
export async function colourAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const [r = 0, g = 0, b = 0] = data.subarray(at, at + 3);
  return r > g && r > b ? 'red' : g > b ? 'green' : 'blue';
}
