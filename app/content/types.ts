export type ContentSection = { id: string; heading: string; paragraphs: string[]; bullets?: string[] };
export type LegalDocument = { title: string; effectiveDate: string; intro: string; sections: ContentSection[] };
export type FaqGroup = { id: string; title: string; items: { q: string; a: string }[] };
