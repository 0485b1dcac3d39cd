import { describe, expect, it } from 'vitest';
import { inlineRuns } from '../../../contracts/markdown-document';
import { documentFromText } from './document-from-text';

const shape = (text: string) =>
  documentFromText(text).blocks.map((b) => [b.type, b.props.level ?? null, b.content.map((c) => c.text).join('')]);

describe('documentFromText', () => {
  it('reads headings, list items, quotes and paragraphs, one block a line', () => {
    expect(
      shape(
        '【离线模式】\n# Personal Statement\n\n## Why this programme\nI grew up in Hangzhou.\n- led a team of four\n* won a prize\n1. first\n2) second\n3、第三\n> a quote\n---\n### Deep',
      ),
    ).toEqual([
      ['paragraph', null, '【离线模式】'],
      ['heading', 1, 'Personal Statement'],
      ['heading', 2, 'Why this programme'],
      ['paragraph', null, 'I grew up in Hangzhou.'],
      ['bulletListItem', null, 'led a team of four'],
      ['bulletListItem', null, 'won a prize'],
      ['numberedListItem', null, 'first'],
      ['numberedListItem', null, 'second'],
      ['numberedListItem', null, '第三'],
      ['quote', null, 'a quote'],
      ['heading', 3, 'Deep'],
    ]);
  });

  it('keeps every character of text that is not markdown, and gives each block its own id', () => {
    const doc = documentFromText('GPA 3.8/4.0 * not a list\n2024 was a good year\n#hashtag is not a heading');
    expect(doc.blocks.map((b) => b.content.map((c) => c.text).join(''))).toEqual([
      'GPA 3.8/4.0 * not a list',
      '2024 was a good year',
      '#hashtag is not a heading',
    ]);
    expect(new Set(doc.blocks.map((b) => b.id)).size).toBe(3);
  });

  it('turns **bold** and *italic* into styles and leaves stray markers alone', () => {
    expect(inlineRuns('I **led** the *robotics* team, 5 * 3 = 15, snake_case_name')).toEqual([
      { type: 'text', text: 'I ', styles: {} },
      { type: 'text', text: 'led', styles: { bold: true } },
      { type: 'text', text: ' the ', styles: {} },
      { type: 'text', text: 'robotics', styles: { italic: true } },
      { type: 'text', text: ' team, 5 * 3 = 15, snake_case_name', styles: {} },
    ]);
  });

  it('an empty answer is an empty document', () => {
    expect(documentFromText('\n\n').blocks).toEqual([]);
  });
});
