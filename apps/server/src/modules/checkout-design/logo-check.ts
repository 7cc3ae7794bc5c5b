import {
  LOGO_MAX_BYTES,
  LOGO_MAX_PIXELS,
  LOGO_MIN_PIXELS,
  type LogoType,
} from '@portal/contracts/checkout-design';
import { refused, unprocessable } from '../../http/app-error.js';
import { safeSvgRoot, type SvgAttributes } from './svg-safety.js';

export interface CheckedLogo {
  readonly contentType: LogoType;
  readonly bytes: Buffer;
  readonly width: number | null;
  readonly height: number | null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const wrongType = () => unprocessable(refused('checkout_design.logo_wrong_type'));

/** The width and height of a PNG, from its first chunk (IHDR), which the format puts first. */
function pngSize(bytes: Buffer): [number, number] | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

// Start-of-frame markers (baseline, progressive, lossless…), which carry the image's size.
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The width and height of a JPEG, from its first start-of-frame segment. */
function jpegSize(bytes: Buffer): [number, number] | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (SOF_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return [bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5)];
    }
    offset += 2 + length;
  }
  return undefined;
}

/** A length of the root element in user units (px or none), or null when it gives none. */
function svgLength(value: string | undefined): number | null {
  const match = value === undefined ? null : /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/.exec(value);
  return match ? Math.round(Number(match[1])) : null;
}

function svgSize(root: SvgAttributes): [number | null, number | null] {
  const width = svgLength(root.width);
  const height = svgLength(root.height);
  if (width !== null && height !== null) return [width, height];
  const box = root.viewbox
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box.every(Number.isFinite)) {
    return [Math.round(box[2] ?? 0), Math.round(box[3] ?? 0)];
  }
  return [null, null];
}

function checkPixels([width, height]: [number, number]): [number, number] {
  const fits = (value: number) => value >= LOGO_MIN_PIXELS && value <= LOGO_MAX_PIXELS;
  if (!fits(width) || !fits(height)) {
    throw unprocessable(
      refused('checkout_design.logo_dimensions', { min: LOGO_MIN_PIXELS, max: LOGO_MAX_PIXELS }),
    );
  }
  return [width, height];
}

/**
 * Checks an uploaded logo by its bytes, not by the type it claims: its size, its real type (which must be
 * the one declared), a raster's pixel dimensions, and an SVG's safety (svg-safety.ts). A refusal is 422.
 */
export function checkLogo(contentType: LogoType, base64: string): CheckedLogo {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw wrongType();
  if (bytes.length > LOGO_MAX_BYTES) {
    throw unprocessable(refused('checkout_design.logo_too_large', { maxKb: LOGO_MAX_BYTES / 1024 }));
  }
  if (contentType === 'image/png') {
    const size = pngSize(bytes);
    if (size === undefined) throw wrongType();
    const [width, height] = checkPixels(size);
    return { contentType, bytes, width, height };
  }
  if (contentType === 'image/jpeg') {
    const size = jpegSize(bytes);
    if (size === undefined) throw wrongType();
    const [width, height] = checkPixels(size);
    return { contentType, bytes, width, height };
  }
  const text = bytes.toString('utf8');
  // Not text, or no SVG element at all: another type under the SVG label.
  if (text.includes('\u0000') || text.includes('\ufffd') || !/<(?:[\w.-]+:)?svg[\s>/]/i.test(text)) {
    throw wrongType();
  }
  const root = safeSvgRoot(text);
  if (root === undefined) throw unprocessable(refused('checkout_design.logo_unsafe_svg'));
  // A drawing scales: its stated size only gives the header its shape.
  const [width, height] = svgSize(root);
  return { contentType, bytes, width, height };
}
