// Recent Updates shown on the dashboard (newest first). Product news, not generator data.
export interface ProductUpdate {
  id: string;
  title: string;
  date: string;
  category: 'New Feature' | 'Improvement' | 'Announcement';
  overview: string;
  newFeatures: string[];
  improvements: string[];
  notes?: string;
}

export const UPDATES: readonly ProductUpdate[] = [
  {
    id: 'karya-studio',
    title: 'The Karya studio',
    date: '2026-11-20',
    category: 'New Feature',
    overview: 'Every generator now lives in one studio: choose a tool, fill in the settings and watch the text stream in.',
    newFeatures: ['Live streaming preview with word count and copy', 'Resume a saved book where you left off', 'Light and dark themes'],
    improvements: ['Settings stay locked after the introduction so your book stays consistent', 'Clearer messages when something goes wrong'],
    notes: 'Every generator works in English and Bahasa Malaysia.',
  },
  {
    id: 'publishing-tools',
    title: 'Publishing tools and covers',
    date: '2026-11-01',
    category: 'New Feature',
    overview: 'Amazon descriptions, keywords, copyright pages, titles, author names and book covers in one place.',
    newFeatures: ['Book cover and kids book cover generators with Download Cover', 'Copyright page with optional ISBN'],
    improvements: ['Title options drawn from your own book text'],
  },
  {
    id: 'credits',
    title: 'Credit codes and links',
    date: '2026-09-15',
    category: 'Announcement',
    overview: 'Redeem a credit code on your profile or open a credit link to add credits to your account.',
    newFeatures: ['Redeem box on the profile page', 'Claim links with a 200-credit bonus campaign'],
    improvements: ['Your content history is searchable and can be filtered by type'],
    notes: 'Credits never expire.',
  },
];
