export type ContentSection = { id: string; heading: string; paragraphs: string[]; bullets?: string[] };
/** A titled text with an intro and sections; legal documents also carry an effective date. */
export type ContentDocument = { title: string; intro: string; sections: ContentSection[]; effectiveDate?: string };
export type LegalDocument = ContentDocument & { effectiveDate: string };
export type FaqGroup = { id: string; title: string; items: { q: string; a: string }[] };
