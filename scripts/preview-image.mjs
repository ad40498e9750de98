#!/usr/bin/env node
// The demo's social preview (og:image): its embedded Play view (?embed=1) at 1200 × 630 in
// Debian chromium, written to demo/public/preview.png. Run after `node scripts/build.mjs demo`;
// build the demo again afterwards to ship the new image.
import { preview } from 'vite';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';

const server = await preview({
  configFile: fileURLToPath(new URL('../demo/vite.config.ts', import.meta.url)),
  preview: { port: 0, host: '127.0.0.1' },
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.goto(`${server.resolvedUrls.local[0]}?embed=1`);
  await page.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
  await page.screenshot({ path: fileURLToPath(new URL('../demo/public/preview.png', import.meta.url)) });
} finally {
  await browser.close();
  server.httpServer.close();
}
