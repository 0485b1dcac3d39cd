import { useLocation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { reduceHandoffOf, REDUCE_PANEL_ID, TEXT_SUBMIT_PAGE } from '~/services/text-submit';

/**
 * 查AI率 / 降AI率 receiving a text from 文本提交 (issue 28): the navigation's history state holds it
 * (never the address). It goes into the box once per arrival (a later answer or typing is not
 * overwritten); a 降AI率 hand-off scrolls to its panel. `enabled`: after hydration, and only while
 * the page shows no answer of its own. True while this arrival's text is the box's (the cached
 * text of an earlier check must not replace it).
 */
export function useSubmittedText(enabled: boolean, setText: (text: string) => void, setNote: (note: string) => void): boolean {
  const { key, state } = useLocation();
  const handoff = enabled ? reduceHandoffOf(state) : null;
  const [arrival, setArrival] = useState<string | null>(null);
  if (handoff && arrival !== key) {
    // State adjusted while rendering: the text is in the box in the same paint.
    setArrival(key);
    setText(handoff.text);
    setNote(`已带入「${TEXT_SUBMIT_PAGE}」的文本`);
  }
  const arrived = handoff !== null;
  const scrollTo = arrived && handoff.tool === 'reduce';
  useEffect(() => {
    if (scrollTo) document.getElementById(REDUCE_PANEL_ID)?.scrollIntoView({ block: 'start' });
  }, [scrollTo]);
  return arrived;
}
