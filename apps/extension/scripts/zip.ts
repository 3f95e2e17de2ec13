import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Entry {
  name: string;
  data: Buffer;
}

/** Every file under `dir`, with its path inside the archive ('/'-separated), in a stable order. */
export function filesUnder(dir: string, prefix = ''): Entry[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((item) => {
      const full = path.join(dir, item.name);
      const name = prefix ? `${prefix}/${item.name}` : item.name;
      return item.isDirectory() ? filesUnder(full, name) : [{ name, data: fs.readFileSync(full) }];
    });
}

/** A zip archive (deflate, no extra fields) of these files: what the extension stores take. Times are 1980-01-01. */
export function zipFiles(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = zlib.deflateRawSync(entry.data, { level: 9 });
    const crc = zlib.crc32(entry.data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed
    header.writeUInt16LE(0x0800, 6); // names in UTF-8
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(0, 10); // time
    header.writeUInt16LE(0x21, 12); // date: 1980-01-01
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(entry.data.length, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // made by
    header.copy(central, 6, 4, 30); // version needed … name length
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    locals.push(header, name, packed);
    offset += header.length + name.length + packed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
