// Phone photos shrunk on the phone before upload: a camera photo is several MB at full size, the
// Pi reads at most MAX_SIDE px on the long side anyway, and the Wi-Fi at a table is slow. Used by
// the card scans (scan.js) and the dice face enrollment (sr-enroll.js).

/** The Pi reads photos at most this many pixels on their long side. */
export const MAX_SIDE = 1600;
const JPEG_QUALITY = 0.85;

/** `file` (an image the player chose or took) redrawn on a canvas at most `maxSide` px on its
 * long side (never enlarged) and encoded as a JPEG Blob. A file the browser cannot draw, or a
 * canvas that cannot encode, comes back unchanged: the Pi says what is wrong with it. */
export async function shrinkPhoto(file, maxSide = MAX_SIDE) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close?.();
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? file), "image/jpeg", JPEG_QUALITY));
}
