import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { webBody } from './web-body';

describe('webBody', () => {
  test('passes each chunk on as it came, without a copy, and closes at the end', async () => {
    const source = new PassThrough();
    const sent = [Buffer.from('first '), Buffer.from('second')];
    const reader = webBody(source).getReader();
    for (const chunk of sent) source.write(chunk);
    source.end();
    const read: Uint8Array[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) read.push(next.value);
    expect(Buffer.concat(read).toString()).toBe('first second');
    // The very buffers written: nothing was allocated or copied for them.
    expect(read[0]?.buffer).toBe(sent[0]?.buffer);
  });

  test('pauses the source once a high-water mark is queued, and resumes it when read', async () => {
    const source = new PassThrough({ highWaterMark: 4 });
    const stream = webBody(source);
    const reader = stream.getReader();
    // Nothing flows until the stream is read.
    expect(source.isPaused()).toBe(true);
    const first = reader.read();
    source.write(Buffer.from('abcdefgh'));
    expect((await first).value?.length).toBe(8);
    source.write(Buffer.from('ijklmnop'));
    await new Promise((resolve) => setImmediate(resolve));
    // Eight bytes queued, past the source's mark of four: it waits.
    expect(source.isPaused()).toBe(true);
    expect(Buffer.from((await reader.read()).value ?? []).toString()).toBe('ijklmnop');
  });

  test('a source that fails (a connection cut) errors the stream; a cancelled stream destroys its source', async () => {
    const cut = new PassThrough();
    const reader = webBody(cut).getReader();
    cut.destroy(new Error('aborted'));
    await expect(reader.read()).rejects.toThrow('aborted');

    const dropped = new PassThrough();
    await webBody(dropped).cancel(new Error('not wanted'));
    expect(dropped.destroyed).toBe(true);
  });
});
