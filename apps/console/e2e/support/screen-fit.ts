import { expect, type Page } from '@playwright/test';

/** Every element laid out on the page whose box leaves the viewport, and the page's scroll size. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const height = window.innerHeight;
    const out: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (
        box.left < -0.5 ||
        box.top < -0.5 ||
        box.right > width + 0.5 ||
        box.bottom > height + 0.5
      )
        out.push(
          `${element.tagName.toLowerCase()}.${element.className}: ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)}`,
        );
    }
    const scroller = document.scrollingElement!;
    return {
      out,
      scrolls:
        scroller.scrollHeight > height + 0.5 ||
        scroller.scrollWidth > width + 0.5,
    };
  });
}

/** The big screen shows everything at once: nothing outside the viewport, no scrolling. */
export async function expectFits(page: Page, state: string) {
  const { out, scrolls } = await overflowing(page);
  expect(out, `outside the viewport (${state})`).toEqual([]);
  expect(scrolls, `the page scrolls (${state})`).toBe(false);
  await expect(page.locator('footer.screen-bottom')).toBeInViewport({
    ratio: 1,
  });
  await expect(page.getByLabel('Quorum')).toBeInViewport({ ratio: 1 });
}
