import { Readable, Writable } from 'node:stream';
import { pack } from 'tar-stream';
import { describe, expect, test } from 'vitest';
import { readTar, TarWriter } from './archive';

/** A writable that keeps what it is given. */
function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

async function* once(data: Buffer) {
  yield data;
}

async function entriesOf(data: Buffer) {
  const entries: { name: string; size: number; text: string }[] = [];
  for await (const entry of readTar(once(data))) {
    const body = Buffer.concat(await Readable.from(entry.body).toArray());
    entries.push({ name: entry.name, size: entry.size, text: body.toString('utf8') });
  }
  return entries;
}

describe('TarWriter and readTar', () => {
  test('files come back in order, whatever their size or the length of their name', async () => {
    const { out, bytes } = collector();
    const tar = new TarWriter(out);
    const long = `files/${'a'.repeat(150)}`;
    await tar.add('first.json', 2, Buffer.from('{}'));
    await tar.add('empty', 0, Buffer.alloc(0));
    await tar.add(long, 1500, Readable.from([Buffer.alloc(1000, 'x'), Buffer.alloc(500, 'y')]));
    await tar.finish();
    expect(bytes().length % 512).toBe(0);
    expect(await entriesOf(bytes())).toEqual([
      { name: 'first.json', size: 2, text: '{}' },
      { name: 'empty', size: 0, text: '' },
      { name: long, size: 1500, text: 'x'.repeat(1000) + 'y'.repeat(500) },
    ]);
  });

  test('a file that grows or shrinks while it is archived fails the archive', async () => {
    await expect(new TarWriter(collector().out).add('grew', 3, Buffer.from('four'))).rejects.toThrow(
      'tar: grew grew while it was archived',
    );
    await expect(new TarWriter(collector().out).add('shrank', 5, Buffer.from('four'))).rejects.toThrow(
      'tar: shrank shrank while it was archived',
    );
  });

  test('folders and links are skipped, and an entry left unread is passed over', async () => {
    const other = pack();
    other.entry({ name: 'folder', type: 'directory' });
    other.entry({ name: 'link', type: 'symlink', linkname: 'first' });
    other.entry({ name: 'skipped' }, 'not read');
    other.entry({ name: 'read' }, 'read');
    other.finalize();
    const data = Buffer.concat(await Readable.from(other).toArray());
    const names: string[] = [];
    let text = '';
    for await (const entry of readTar(once(data))) {
      names.push(entry.name);
      if (entry.name === 'read') text = Buffer.concat(await Readable.from(entry.body).toArray()).toString();
    }
    expect(names).toEqual(['skipped', 'read']);
    expect(text).toBe('read');
  });

  test('a damaged header and an archive cut short are named as such', async () => {
    const { out, bytes } = collector();
    const tar = new TarWriter(out);
    await tar.add('big', 4096, Buffer.alloc(4096, 1));
    await tar.finish();
    const damaged = Buffer.from(bytes());
    damaged[0] = 0x41;
    await expect(entriesOf(damaged)).rejects.toThrow('not an intact archive');
    await expect(entriesOf(bytes().subarray(0, 2048))).rejects.toThrow('cut short');
  });
});
