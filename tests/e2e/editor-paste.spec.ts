import { expect, signIn, test, waitForHydration } from './fixtures';
import { editorOf } from './writing-editor';

/**
 * Pasting HTML into the writing editor in the browser (app/components/editor/paste.ts, ADR 0048):
 * the cleaning runs in the page's own bundle. Abridged from what Word and a web page put on the clipboard.
 */
const PASTED = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal {margin:0cm}</style></head><body>
<!--StartFragment-->
<h2 style='text-align:center'><span style='font-family:宋体'>学术背景</span><o:p></o:p></h2>
<p class=MsoNormal><span style='color:#C00000'>我从小</span><b><span style='font-family:宋体'>热爱金融</span></b>&nbsp;&amp;&nbsp;<a href="https://example.com/a?b=1&amp;c=2">markets</a><img src="file:///C:/clip_image002.png"></p>
<p class=MsoListParagraph style='margin-left:18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>·&nbsp;&nbsp;</span><![endif]>第一项</p>
<p class=MsoListParagraph style='margin-left:39.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='mso-list:Ignore'>o&nbsp;&nbsp;</span><![endif]>嵌套项</p>
<script>window.pasted = true</script>
<p>First line<br>second line</p>
<!--EndFragment-->
</body></html>`;

test('HTML pasted into the editor keeps headings, list nesting, marks and links; styles, scripts and images go', async ({ page }) => {
  await signIn(page);
  await page.goto('/dash/essay-polish');
  await waitForHydration(page);
  const editor = editorOf(page);
  await editor.click();
  await editor.evaluate((element, html) => {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', 'the plain-text copy');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, PASTED);

  await expect(editor.locator('h2')).toHaveText('学术背景');
  await expect(editor.locator('h2')).toHaveAttribute('data-text-alignment', 'center');
  await expect(editor.locator('p.lx-bullet')).toHaveText(['第一项', '嵌套项']);
  // The nested item sits in the first item's group.
  await expect(editor.locator('.lx-group p.lx-bullet')).toHaveText(['嵌套项']);
  await expect(editor.locator('strong')).toHaveText(['热爱金融']);
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://example.com/a?b=1&c=2');
  await expect(editor.locator('p:not(.lx-li)')).toHaveText(['我从小热爱金融 & markets', 'First line', 'second line']);
  await expect(editor).not.toContainText('the plain-text copy');
  expect(await editor.locator('img, script, style, [style*="font-family"], [style*="C00000"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { pasted?: boolean }).pasted)).toBeUndefined();
});
