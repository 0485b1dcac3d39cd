import { describe, expect, it } from 'vitest';
import { editorDocumentSchema } from '../../contracts/works';
import { documentFromText } from '../../server/domain/works/document-from-text';
import { markdownDocument } from './markdown-document';

const withoutIds = (doc: { blocks: Array<{ id: string }> }) => doc.blocks.map(({ id: _id, ...rest }) => rest);

describe('markdownDocument', () => {
  it('reads a streamed answer exactly as the server saves a generation', () => {
    const text = '【离线模式】\n# Personal Statement\n\n## Why **MSc** *Data*\n- one\n2. two\n> quote\n---\nplain _it_ text';
    expect(withoutIds(editorDocumentSchema.parse(markdownDocument(text)))).toEqual(withoutIds(documentFromText(text)));
    expect(markdownDocument(text).blocks.map((b) => b.type)).toEqual([
      'paragraph',
      'heading',
      'heading',
      'bulletListItem',
      'numberedListItem',
      'quote',
      'paragraph',
    ]);
  });
});
