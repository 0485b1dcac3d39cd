import { useCallback, useRef, useState, type RefObject } from 'react';
import { insertableText, readAnswer } from '../../../contracts/ai-answer';
import type { GenerateRequestBody } from '../../../contracts/ai-operations';
import type { Highlight, SelectionInfo, WritingEditorHandle } from '~/components/editor/writing-editor';
import { runOperation } from '~/services/browser/ai-stream.client';
import { nearestRange, selectionRequest, type SelectionTool } from '~/services/writing';
import type { Proposal } from './selection-tools';
import { atMostEvery, errorText, plainText, STREAM_SHOWN_EVERY_MS } from './studio-model';

type Selection = SelectionInfo & { top: number; left: number; bottom: number };

/** Where the toolbar floats over a selection inside `surface` (a fixed corner when the browser has no box for it). */
function placeSelection(info: SelectionInfo, surface: HTMLDivElement | null): Selection {
  const box = surface?.getBoundingClientRect();
  const range = typeof window !== 'undefined' ? window.getSelection() : null;
  const rect = range && range.rangeCount > 0 ? range.getRangeAt(0).getBoundingClientRect() : null;
  if (!box || !rect || (rect.width === 0 && rect.height === 0)) return { ...info, top: 0, left: 8, bottom: 40 };
  const left = Math.max(4, Math.min(rect.left - box.left, box.width - 320));
  return { ...info, top: Math.max(0, rect.top - box.top - 44), left, bottom: rect.bottom - box.top + 8 };
}

/**
 * The selection tools: the toolbar over a selection, and the proposal a tool streams into the panel
 * under it, which the user accepts into the text or discards. `paint` restores the page's own
 * highlights; `factHighlights` are kept while a proposal marks its passage; `onAccepted` hears of the
 * operation whose words entered the text.
 */
export function useSelectionTools({
  editor,
  studentId,
  surface,
  paint,
  factHighlights,
  onAccepted,
}: {
  editor: WritingEditorHandle | null;
  studentId: string | null;
  surface: RefObject<HTMLDivElement | null>;
  paint: (handle: WritingEditorHandle) => void;
  factHighlights: (handle: WritingEditorHandle) => Highlight[];
  onAccepted: (handle: WritingEditorHandle, operationId: string | undefined) => void;
}) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [panelTop, setPanelTop] = useState(48);
  const proposalAbort = useRef<AbortController | null>(null);

  const onSelectionChange = useCallback(
    (info: SelectionInfo) => setSelection(info.empty || !info.text.trim() ? null : placeSelection(info, surface.current)),
    [surface],
  );

  const runTool = async (tool: SelectionTool) => {
    if (!editor || !selection) return;
    const picked = selection;
    const controller = new AbortController();
    proposalAbort.current = controller;
    editor.setHighlights([...factHighlights(editor), { from: picked.from, to: picked.to, tone: 'mark', id: 'proposal' }]);
    let base: Proposal = { tool, from: picked.from, original: picked.text, text: '', status: 'running' };
    setProposal(base);
    setPanelTop(picked.bottom);
    setSelection(null);
    let text = '';
    let reserved: number | undefined;
    const showRunning = atMostEvery(STREAM_SHOWN_EVERY_MS);
    try {
      const body = selectionRequest(tool, picked.text, plainText(editor.getDocument()), studentId);
      const outcome = await runOperation(body as GenerateRequestBody, {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.event === 'start') {
            reserved = event.data.pointsReserved;
            base = { ...base, operationId: event.data.operationId };
          }
          if (event.event === 'start') setProposal({ ...base, text, reserved });
          if (event.event === 'delta') {
            text += event.data.text;
            if (showRunning()) setProposal({ ...base, text, reserved });
          }
        },
      });
      if (outcome.status === 'done') setProposal({ ...base, text: outcome.text.trim(), status: 'done', charged: outcome.operation.points });
      else if (outcome.status === 'stopped') {
        setProposal(null);
        paint(editor);
      } else setProposal({ ...base, text, status: 'error', message: outcome.message });
    } catch (error) {
      setProposal({ ...base, text, status: 'error', message: errorText(error) });
    } finally {
      proposalAbort.current = null;
    }
  };

  const accept = () => {
    if (!editor || !proposal) return;
    const at = nearestRange(editor.rangesOfText(proposal.original), proposal.from);
    paint(editor);
    if (!at) {
      setProposal({ ...proposal, status: 'error', message: '原文已被修改，无法采纳，请重新选中文字' });
      return;
    }
    // The label line and the offline note stay in the panel; markdown markers do not enter the text.
    editor.replaceRange(at.from, at.to, insertableText(readAnswer(proposal.text).body));
    setProposal(null);
    onAccepted(editor, proposal.operationId);
  };

  const discard = () => {
    if (editor) paint(editor);
    setProposal(null);
  };

  return {
    selection,
    proposal,
    panelTop,
    onSelectionChange,
    runTool,
    accept,
    discard,
    stop: () => proposalAbort.current?.abort(),
    /** The page's own operation starts: a proposal on the old text no longer applies. */
    clear: () => setProposal(null),
  };
}
