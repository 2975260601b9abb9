import { useId, type MouseEvent } from 'react';
import { CATEGORY_CARDS, type CategoryCard } from './categories.ts';

/** Props of {@link CategoryCards}. @public */
export interface CategoryCardsProps {
  /** The cards in their order; the spec's four ({@link CATEGORY_CARDS}) by default. */
  cards?: readonly CategoryCard[];
  /**
   * Called instead of following the link, for client-side routers. Clicks with a modifier key (new
   * tab, new window) keep the browser's own behaviour.
   */
  onSelect?: (card: CategoryCard) => void;
  /** The accessible name of the list of cards. */
  label?: string;
}

/**
 * The home screen's category cards. Each card is one link: the title is its name and the card's
 * description its description, and the link's hit area stretches over the whole card (CSS), so a
 * pointer opens it anywhere and a keyboard user reaches it with one Tab and opens it with Enter.
 * @public
 */
export function CategoryCards({ cards = CATEGORY_CARDS, onSelect, label = 'Opportunity categories' }: CategoryCardsProps) {
  const id = useId();
  const follow = (card: CategoryCard) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onSelect || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(card);
  };
  return (
    <nav className="ok-category-cards" aria-label={label}>
      <ul className="ok-category-cards__list">
        {cards.map((card, index) => (
          <li className="ok-category-card" key={card.path}>
            <img className="ok-category-card__image" src={card.image} alt="" width={64} height={64} />
            <a className="ok-category-card__link" href={card.path} onClick={follow(card)} aria-describedby={`${id}-${index}`}>
              {card.title}
            </a>
            <span className="ok-category-card__description" id={`${id}-${index}`}>
              {card.description}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
