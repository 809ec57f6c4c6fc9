// Lossless PNG re-encoding for the icons (scripts/icons.mjs): the favicon is precached, so its bytes count
// in the bundle budget (issue 20).
import { deflateSync, inflateSync, crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The RGBA pixels of an 8-bit, non-interlaced RGBA or indexed PNG (what Chromium's screenshots and smallestPng write). */
export function pngPixels(png) {
  let at = 8;
  let header, palette, alpha = Buffer.alloc(0);
  const data = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], color: body[9], interlace: body[12] };
    else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') alpha = body;
    else if (type === 'IDAT') data.push(body);
    at += length + 12;
  }
  const { width, height, depth, color, interlace } = header;
  if (depth !== 8 || interlace !== 0 || (color !== 6 && color !== 3)) throw new Error(`unsupported PNG (depth ${depth}, color type ${color}, interlace ${interlace})`);
  const bpp = color === 6 ? 4 : 1;
  const rows = unfilter(inflateSync(Buffer.concat(data)), width * bpp, height, bpp);
  const out = Buffer.alloc(width * height * 4);
  rows.forEach((row, y) => {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (color === 6) row.copy(out, o, x * 4, x * 4 + 4);
      else {
        palette.copy(out, o, row[x] * 3, row[x] * 3 + 3);
        out[o + 3] = row[x] < alpha.length ? alpha[row[x]] : 255;
      }
    }
  });
  return { width, height, rgba: out };
}

const paeth = (a, b, c) => {
  const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};
const predict = (filter, a, b, c) => [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];

function unfilter(raw, stride, height, bpp) {
  const rows = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) row[x] = (row[x] + predict(filter, x >= bpp ? row[x - bpp] : 0, prev[x], x >= bpp ? prev[x - bpp] : 0)) & 255;
    rows.push(row);
    prev = row;
  }
  return rows;
}

function filterAll(rows, bpp, filter) {
  let prev = Buffer.alloc(rows[0].length);
  return Buffer.concat(rows.map((row) => {
    const out = Buffer.alloc(row.length + 1);
    out[0] = filter;
    for (let x = 0; x < row.length; x++) out[x + 1] = (row[x] - predict(filter, x >= bpp ? row[x - bpp] : 0, prev[x], x >= bpp ? prev[x - bpp] : 0)) & 255;
    prev = row;
    return out;
  }));
}

const chunk = (type, body) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
};

/**
 * The same picture in fewer bytes, losslessly: as an indexed PNG (palette and alpha table) when it has
 * at most 256 colours, each row filter and deflate strategy tried; or `png` itself if that is smaller.
 * Checked: the result decodes to exactly the same RGBA pixels.
 */
export function smallestPng(png) {
  const { width, height, rgba } = pngPixels(png);
  const colours = [...new Set(Array.from({ length: width * height }, (_, i) => rgba.readUInt32BE(i * 4)))].sort((p, q) => (p & 255) - (q & 255)); // translucent first: a shorter tRNS
  const candidates = [];
  const add = (color, bpp, rows, extra) => {
    for (let filter = 0; filter < 5; filter++) {
      for (const strategy of [0, 1, 2, 3]) {
        const ihdr = Buffer.alloc(13);
        ihdr.writeUInt32BE(width, 0);
        ihdr.writeUInt32BE(height, 4);
        ihdr[8] = 8;
        ihdr[9] = color;
        candidates.push(Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), ...extra, chunk('IDAT', deflateSync(filterAll(rows, bpp, filter), { level: 9, memLevel: 9, strategy })), chunk('IEND', Buffer.alloc(0))]));
      }
    }
  };
  const stride = width * 4;
  add(6, 4, Array.from({ length: height }, (_, y) => rgba.subarray(y * stride, (y + 1) * stride)), []);
  if (colours.length <= 256) {
    const index = new Map(colours.map((c, i) => [c, i]));
    const palette = Buffer.alloc(colours.length * 3);
    colours.forEach((c, i) => palette.writeUIntBE(c >>> 8, i * 3, 3));
    const translucent = colours.filter((c) => (c & 255) !== 255).length;
    const alpha = Buffer.from(colours.slice(0, translucent).map((c) => c & 255));
    const rows = Array.from({ length: height }, (_, y) => Buffer.from(Array.from({ length: width }, (_, x) => index.get(rgba.readUInt32BE(y * stride + x * 4)))));
    add(3, 1, rows, [chunk('PLTE', palette), ...(translucent ? [chunk('tRNS', alpha)] : [])]);
  }
  const best = candidates.reduce((p, q) => (q.length < p.length ? q : p), png);
  if (!pngPixels(best).rgba.equals(rgba)) throw new Error('smallestPng changed the picture');
  return best;
}
