// Writes dist/share/event-<kind>.png: the drawing of each kind of event as a PNG. A shared link
// to an event without a flyer is previewed with it (og:image); link previews do not show SVG.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const art = path.resolve(import.meta.dirname, '../src/assets/art');
const out = path.resolve(import.meta.dirname, '../dist/share');
fs.mkdirSync(out, { recursive: true });

for (const name of fs.readdirSync(art)) {
  const match = /^(event-[a-z]+)\.svg$/.exec(name);
  if (!match) continue;
  // 1200 × 630 is the size link previews show whole: the 4:3 drawing is cropped to it, centred.
  await sharp(path.join(art, name), { density: 150 })
    .resize(1200, 630, { fit: 'cover', position: 'centre' })
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `${match[1]}.png`));
}
