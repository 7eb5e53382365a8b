import { chromium } from '@playwright/test';
const [url, prefix] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
for (const [w,h] of [[1280,720],[1440,900]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(url);
  await page.getByTestId('current-connection').waitFor();
  for (const [hash, name] of [['#/returns','returns'],['#/returns/190','return'],['#/inventory','inventory']]) {
    await page.evaluate((h) => { window.location.hash = h; }, hash);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/clerk/${prefix}-${name}-${w}.png` });
  }
  await page.close();
}
await browser.close();
