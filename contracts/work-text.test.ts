import { describe, expect, it } from 'vitest';
import { CONSULTANT_NOTE_HEADING, OFFLINE_NOTE_HEADING } from './ai-operation-constants';
import { withoutInternalNotes } from './work-text';

const block = (text: string, level?: number) => ({
  type: level ? 'heading' : 'paragraph',
  props: level ? { level } : {},
  content: [{ text }],
  children: [],
});
const texts = (blocks: ReadonlyArray<{ content: ReadonlyArray<{ text: string }> }>) => blocks.map((b) => b.content[0]!.text);

describe('withoutInternalNotes', () => {
  it('drops a note heading and what follows up to the next heading of its level or above', () => {
    const blocks = [
      block('Statement', 1),
      block('Body'),
      block(CONSULTANT_NOTE_HEADING, 2),
      block('英文稿中的中文档案内容（学校、机构、奖项名称等）按原样保留'),
      block('A sub-point', 3),
      block('Next section', 2),
      block('Kept'),
    ];
    expect(texts(withoutInternalNotes(blocks))).toEqual(['Statement', 'Body', 'Next section', 'Kept']);
  });

  it('a note heading typed as a paragraph runs to the next heading; text that merely mentions it stays', () => {
    const blocks = [block('Body'), block(OFFLINE_NOTE_HEADING), block('note text'), block('End', 2), block(`关于${OFFLINE_NOTE_HEADING}`)];
    expect(texts(withoutInternalNotes(blocks))).toEqual(['Body', 'End', `关于${OFFLINE_NOTE_HEADING}`]);
  });
});
