import { chromium } from '@playwright/test';
const [url, prefix, hashes] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--disable-quic'] });
for (const [w,h] of [[1280,720],[1440,900]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on('console', (m) => { if (m.type()==='error') console.log('CONSOLE', m.text().slice(0, 200)); });
  await page.goto(url);
  await page.getByTestId('current-connection').waitFor();
  for (const hash of hashes.split(',')) {
    await page.evaluate((h) => { window.location.hash = h; }, hash);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/tmp/clerk/${prefix}-${hash.replace(/[#\/]/g,'')}-${w}.png` });
  }
  await page.close();
}
await browser.close();
