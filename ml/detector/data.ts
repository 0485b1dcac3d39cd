// Evaluation helpers over corpus rows: attack and source names for the report
// tables. Loading the corpus and the split are in server/ai/detector/corpus.ts.

/** Paraphrased / attacked AI text, marked in the generator name. */
export function attackOf(generator: string): 'quillbot' | 'dipper' | 'outfox' | null {
  if (generator.includes('+quillbot')) return 'quillbot';
  if (generator.includes('+dipper')) return 'dipper';
  if (generator.includes('+outfox')) return 'outfox';
  return null;
}

export function shortSource(source: string): string {
  return source.split('/').pop() ?? source;
}
