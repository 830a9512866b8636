// The publish steps of a children's book and their credits, typed from spec/ (1 a text step, 6 a cover; a
// children's book has its own title, so no title step): the server's quote and the studio's panel show them.
export const CHILDREN_BOOK_PUBLISH_STEPS = [
  { part: 'title', generator_id: 'book-title', cost: 0, skipped: 'book' },
  { part: 'author', generator_id: 'author-name', cost: 1 },
  { part: 'description', generator_id: 'amazon-pdp', cost: 1 },
  { part: 'keywords', generator_id: 'amazon-keywords', cost: 1 },
  { part: 'copyright', generator_id: 'copyright', cost: 1 },
  { part: 'cover', generator_id: 'kids-book-cover', cost: 6 },
] as const;
