// Serves the built demo's .wasm, .js and .css compressed (brotli, else gzip) when the browser
// accepts it: the wasm is most of the first load (brotli shrinks it about fourfold). Each file is
// compressed once and kept; everything else goes to Vite's static server as before.
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TYPES: Record<string, string> = { '.wasm': 'application/wasm', '.js': 'text/javascript', '.css': 'text/css' };

export function compressedAssets(): Plugin {
  const cache = new Map<string, { mtime: number; br: Buffer; gz: Buffer }>();
  return {
    name: 'supclust-demo-compressed-assets',
    configurePreviewServer(server) {
      const root = normalize(
        server.config.build.outDir.startsWith('/') ? server.config.build.outDir : join(server.config.root, server.config.build.outDir),
      );
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        const type = TYPES[extname(path)];
        const accepts = String(req.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
        const file = normalize(join(root, path));
        if (!type || !encoding || !file.startsWith(root)) return next();
        let stat: ReturnType<typeof statSync>;
        try {
          stat = statSync(file);
        } catch {
          return next();
        }
        let entry = cache.get(file);
        if (!entry || entry.mtime !== stat.mtimeMs) {
          const bytes = readFileSync(file);
          entry = {
            mtime: stat.mtimeMs,
            br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz: gzipSync(bytes, { level: 9 }),
          };
          cache.set(file, entry);
        }
        const body = encoding === 'br' ? entry.br : entry.gz;
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', String(body.length));
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
        res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
        res.end(req.method === 'HEAD' ? undefined : body);
      });
    },
  };
}
