import { markdownDocument } from '../../../contracts/markdown-document';
import { type EditorDocument, editorDocumentSchema } from '../../../contracts/works';

/** A model's answer as the editor document a generation saves into a work: the shared reading, checked. */
export function documentFromText(text: string): EditorDocument {
  return editorDocumentSchema.parse(markdownDocument(text));
}
