// What the page benchmarks share (first-fit.mjs, demo-first-plot.mjs): Debian Chromium, the
// networks they load over, a fresh context on one of them — an empty cache (Chromium's cache
// off) and, throttled, Chromium's network emulation at 40 ms latency — and the median of a run.
import { chromium } from 'playwright-core';

export const NETWORKS = [
  ['unthrottled', 0],
  ['3 Mbit/s', 3000],
];

export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A new context and tab on the network of `kbps` (0: unthrottled), with its CDP session. */
export async function freshTab(browser, kbps, contextOptions = {}) {
  const context = await browser.newContext(contextOptions);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (kbps)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: (kbps * 1000) / 8,
      uploadThroughput: (kbps * 1000) / 8,
    });
  return { context, tab, cdp };
}
