// `npm start`'s server (scripts/serve-demo.mjs) sends the demo's .wasm compressed to browsers
// that accept it, the same bytes once decompressed, with the cross-origin isolation headers.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(new URL('.', import.meta.url).pathname, '../..');
const PORT = 4321 + Math.floor(Math.random() * 500);
let server: ChildProcess;

beforeAll(async () => {
  server = spawn(process.execPath, [join(root, 'scripts/serve-demo.mjs')], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('supclust demo:')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`serve-demo exited with ${code}`)));
  });
});
afterAll(() => {
  server?.kill();
});

describe('the demo server', () => {
  it('sends the .wasm brotli-compressed when accepted, and as is otherwise', async () => {
    const name = readdirSync(join(root, 'demo/dist/assets')).find(
      (f) => f.startsWith('supclust-core-simd-threaded') && f.endsWith('.wasm'),
    )!;
    const raw = readFileSync(join(root, 'demo/dist/assets', name));
    const url = `http://127.0.0.1:${PORT}/assets/${name}`;
    // fetch() would decompress itself: read the bytes on the wire through node:http.
    const { request } = await import('node:http');
    const get = (encoding?: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(url, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cross-origin-embedder-policy']).toBe('require-corp');
    expect(br.body.length).toBeLessThan(raw.length / 2);
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(raw)).toBe(true);
  });
});
