import { LISTING_ROUTES, type PostingType } from '@opportunity-kit/sdk/domain';

/** A card of the home screen: title, description, image and the path it leads to. @public */
export interface CategoryCard {
  /** The card's link text: "Jobs", "Gigs", … */
  title: string;
  /** One sentence under the title, which is also the link's accessible description. */
  description: string;
  /** An image URL; the defaults are small inline SVG illustrations. */
  image: string;
  /** Where the card leads: the listing route of its posting type. */
  path: string;
}

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#e8eefe"/>${body}</svg>`)}`;

const stroke = 'fill="none" stroke="#2456e3" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"';

const card = (type: PostingType, title: string, description: string, picture: string): CategoryCard => ({
  title,
  description,
  image: svg(picture),
  path: LISTING_ROUTES[type],
});

/** The home screen's four cards, in this order: Jobs, Gigs, Enrichment, Volunteering. @public */
export const CATEGORY_CARDS: readonly CategoryCard[] = [
  card(
    'Job',
    'Jobs',
    'Part-time and full-time employment opportunities.',
    `<rect x="14" y="24" width="36" height="26" rx="4" ${stroke}/><path d="M26 24v-5a3 3 0 0 1 3-3h6a3 3 0 0 1 3 3v5M14 35h36" ${stroke}/>`,
  ),
  card('Gig', 'Gigs', 'Flexible short-term work.', `<path d="M35 12 20 36h12l-3 16 15-24H32z" ${stroke}/>`),
  card(
    'Enrichment',
    'Enrichment',
    'Workshops, tutoring, executive positions and learning opportunities.',
    `<path d="M12 20l20-8 20 8-20 8zM20 24v12c0 4 24 4 24 0V24M52 20v14" ${stroke}/>`,
  ),
  card(
    'Volunteering',
    'Volunteering',
    'Ways to get involved in the community and earn volunteering hours.',
    `<path d="M32 50S14 39 14 26a9 9 0 0 1 18-3 9 9 0 0 1 18 3c0 13-18 24-18 24z" ${stroke}/>`,
  ),
];
