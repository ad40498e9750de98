// The networks the page benchmarks load over, and a fresh browser context on one of them: an empty
// cache (Chromium's cache off) and, throttled, Chromium's network emulation at 40 ms latency.
export const NETWORKS = [
  ['unthrottled', 0],
  ['3 Mbit/s', 3000],
];

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
