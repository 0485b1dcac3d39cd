import { CONSULTANT_NOTE_HEADING, OFFLINE_LABEL, OFFLINE_NOTE_HEADING } from '../../../../contracts/ai-operation-constants';
import { pdfText } from '../../../ai/cv/pdf';
import { aigcLabel } from './aigc';
import { exportFonts } from './fonts';
import { forRecipient, type ExportLine } from './layout';
import { renderPdf } from './pdf';

const line = (kind: ExportLine['kind'], text: string, level = 0, depth = 0): ExportLine => ({
  kind,
  level,
  depth,
  number: 0,
  listRun: 0,
  alignment: 'left',
  color: null,
  background: null,
  runs: text
    ? [{ text, bold: false, italic: false, underline: false, strike: false, code: false, color: null, background: null, href: null }]
    : [],
});
const texts = (lines: ExportLine[]) => lines.map((l) => l.runs.map((r) => r.text).join(''));

describe('forRecipient: what a university never sees', () => {
  it('drops the 顾问备注 and 离线模式说明 blocks whole, up to the next heading of their level, and the 【离线模式】 label', () => {
    const lines = [
      line('paragraph', OFFLINE_LABEL),
      line('heading', '开篇与动机', 2),
      line('paragraph', '我对计算机的兴趣始于初中。'),
      line('heading', CONSULTANT_NOTE_HEADING, 2),
      line('paragraph', '离线模式未接入语言模型：本稿由写作模板与学生档案中的事实拼成。'),
      line('bullet', '目标篇幅约 650 词'),
      line('heading', '备注的小标题', 3),
      line('paragraph', '仍在备注里'),
      line('heading', '职业规划', 2),
      line('paragraph', `${OFFLINE_LABEL}希望毕业后从事数据科学工作。`),
      line('heading', OFFLINE_NOTE_HEADING, 2),
      line('paragraph', '离线模式按固定规则润色。'),
      line('paragraph', ''),
    ];
    expect(texts(forRecipient(lines))).toEqual(['开篇与动机', '我对计算机的兴趣始于初中。', '职业规划', '希望毕业后从事数据科学工作。']);
  });

  it('leaves a document without internal notes as it is, apart from trailing blank lines', () => {
    const lines = [line('heading', 'Education', 2), line('paragraph', '离线模式 is a phrase here, not the label'), line('paragraph', '')];
    expect(texts(forRecipient(lines))).toEqual(['Education', '离线模式 is a phrase here, not the label']);
  });
});

describe('a one-page CV with its AI label', () => {
  const label = aigcLabel({ generated: true, offline: false }, '00000000-0000-0000-0000-000000000001')!;
  const fonts = exportFonts({});
  const cv = (entries: number) => [
    line('heading', 'Li Ming 李明', 1),
    line('paragraph', 'liming@example.com · +86 138 0000 0000'),
    ...Array.from({ length: entries }, (_, i) =>
      i % 8 === 0
        ? line('heading', `Section ${i / 8 + 1}`, 2)
        : line('bullet', `Entry ${i}: 在浙江大学智能系统实验室完成交通流量预测，2023–2024`),
    ),
  ];
  const pages = async (entries: number, withLabel: boolean) => {
    const pdf = await renderPdf({ title: 'CV', layout: 'cv_one_page', lines: cv(entries), label: withLabel ? label : null, fonts });
    return pdfText(new Uint8Array(pdf));
  };

  it('a CV whose text fills its one page exactly stays one page, the label in the footer of that page', async () => {
    // The most entries that fit one page without a label: the page is full to its last line.
    let fits = 20;
    while ((await pages(fits + 1, false)).pages === 1) fits++;
    expect(fits).toBeGreaterThan(25);
    const { pages: count, text } = await pages(fits, true);
    expect(count).toBe(1);
    expect(text.replace(/\s+/g, '')).toContain('本文档部分内容由人工智能生成（留学文书AI平台）');
    expect(text).toContain(texts(cv(fits)).at(-1)!.slice(0, 9));
    // A CV longer than a page still says so on its last page.
    const longer = await pages(fits + 10, true);
    expect(longer.pages).toBe(2);
    expect(longer.text.split('\n\n').at(-1)!.replace(/\s+/g, '')).toContain('本文档部分内容由人工智能生成');
  }, 60_000);
});
