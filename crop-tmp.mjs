import sharp from 'sharp';
const [src, out, top, h] = process.argv.slice(2);
const img = sharp(src); const m = await img.metadata();
await sharp(src).extract({ left: 0, top: Number(top), width: m.width, height: Math.min(Number(h), m.height - Number(top)) }).toFile(out);
console.log(m.width, m.height);
