import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const path of process.argv.slice(2)) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const p = await ctx.newPage();
  const cdp = await ctx.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await p.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: e.element ? (e.element.tagName + ' ' + (e.element.textContent || '').slice(0, 60) + ' ' + (e.element.className||'').toString().slice(0,40)) : null }); }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await p.goto('http://127.0.0.1:5055' + path);
  await p.waitForTimeout(6000);
  console.log(path, JSON.stringify(await p.evaluate(() => window.__lcp), null, 0));
  await ctx.close();
}
await b.close();
