import { Box, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { EditorDocument } from '../../../contracts/works';
import { useCspNonce } from '~/styles/emotion';
import { EDITOR_CSS } from './dom-spec';
import type { GenerationMode, GenerationSession, SelectionInfo } from './editor-api';
import type { Highlight } from './plugins';

/** What a writing page can do with the editor (the ref of <WritingEditor>, or `onReady`). */
export type WritingEditorHandle = {
  /** The current document in the stored format (contracts/works.ts). */
  getDocument(): EditorDocument;
  /** Replaces the content: one undo step, or none with `addToHistory: false` (loading a version). */
  setDocument(document: EditorDocument, options?: { addToHistory?: boolean }): void;
  /** The selection's document range and its text (blocks apart by '\n'). */
  getSelection(): SelectionInfo;
  /** Replaces a range with text (lines become paragraphs) as one undo step; returns the new text's range. */
  replaceRange(from: number, to: number, text: string): { from: number; to: number };
  /** Inserts text at the selection (replacing it) as one undo step. */
  insertText(text: string): { from: number; to: number };
  /**
   * Streams a generation in: `replace` the content, `append` after it, or replace the `selection`.
   * Deltas appear as they arrive; the editor is read-only until `finish()`/`discard()`, and the
   * whole generation is one Mod-z.
   */
  startGeneration(mode: GenerationMode): GenerationSession;
  /** Highlights ranges (fact check, suggestions); they follow edits; not undo steps. */
  setHighlights(highlights: Highlight[]): void;
  clearHighlights(): void;
  /** The document range of offsets into the work's plainText (what the server's checks answer in). */
  plainTextRange(start: number, end: number): { from: number; to: number } | null;
  /** Every occurrence of a passage, as document ranges. */
  rangesOfText(passage: string): { from: number; to: number }[];
  undo(): boolean;
  redo(): boolean;
  focus(): void;
};

export type WritingEditorProps = {
  /** The document to start from. Read once: later changes go through the handle (setDocument). */
  initialDocument: EditorDocument;
  /** Every change of the document (the page debounces saving). */
  onChange?: (document: EditorDocument) => void;
  onSelectionChange?: (selection: SelectionInfo) => void;
  /** The handle, once the interactive editor has loaded (the ref is null before). */
  onReady?: (editor: WritingEditorHandle) => void;
  readOnly?: boolean;
  /** The editable region's accessible name. */
  ariaLabel?: string;
  /** The hint in an empty document. */
  placeholder?: string;
};

export type EditorCounts = { latinWords: number; cjkChars: number; wordCount: number; charCount: number };

/**
 * The editor's box: toolbar, the document, the counts. The same frame is drawn by the server
 * (static document, disabled toolbar) and by the live editor, so loading it moves nothing. The
 * page grows with the document (spec §2: writing pages have no fixed content height); the
 * toolbar stays on screen while scrolling.
 */
export function EditorFrame({ toolbar, counts, children }: { toolbar: ReactNode; counts: EditorCounts; children: ReactNode }) {
  // The page's CSP allows only styles that carry its nonce (the live editor inserts this one anew).
  const nonce = useCspNonce();
  return (
    <Box borderWidth="1px" rounded="md" bg="white" data-testid="writing-editor">
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: EDITOR_CSS }} />
      {toolbar}
      {children}
      <HStack
        justify="flex-end"
        gap="3"
        px="3"
        py="1.5"
        borderTopWidth="1px"
        fontSize="xs"
        color="gray.600"
        aria-live="polite"
        data-testid="editor-counts"
      >
        <Text>英文单词 {counts.latinWords}</Text>
        <Text>汉字 {counts.cjkChars}</Text>
        <Text>字符（不含空格）{counts.charCount}</Text>
      </HStack>
    </Box>
  );
}
