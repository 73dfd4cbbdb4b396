// One-off: draws build/icon.png (512×512), the source electron-builder turns into every platform's
// icon. The PNG is committed; rerun only to change the design.
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../build/icon.png', import.meta.url));
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect x="16" y="16" width="480" height="480" rx="96" fill="#0b5d4b"/>
  <rect x="136" y="96" width="240" height="300" rx="20" fill="#ffffff"/>
  <rect x="172" y="146" width="168" height="18" rx="9" fill="#0b5d4b" opacity="0.35"/>
  <rect x="172" y="186" width="168" height="18" rx="9" fill="#0b5d4b" opacity="0.35"/>
  <rect x="172" y="226" width="112" height="18" rx="9" fill="#0b5d4b" opacity="0.35"/>
  <circle cx="340" cy="360" r="72" fill="#f2b632"/>
  <path d="M306 360 l24 24 l44 -50" fill="none" stroke="#0b5d4b" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

await sharp(Buffer.from(svg)).resize(512, 512).png({ compressionLevel: 9 }).toFile(out);
console.log(`Wrote ${out}`);
