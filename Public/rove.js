// One Tab stop per column: the "roving" card. Tab reaches a column's current card (and then that
// card's own check, title and "⋯"); the arrow keys move between cards. Every other card, and its
// controls, leave the Tab order. Cards the server draws later (live updates, new tasks) are fitted
// in as they arrive.
import { cardsIn, isShown, visibleCardsIn } from './cards.js';

const CONTROLS = 'a[href], button';

/**
 * Sets up the Tab order of the board's cards and keeps it right as cards come and go.
 * @param {HTMLElement} board
 */
export function setupRoving(board) {
  for (const list of board.querySelectorAll('.tasks')) settle(list);
  board.addEventListener('focusin', (event) => {
    const card = event.target.closest?.('.task');
    if (card && card.parentElement?.classList.contains('tasks')) makeCurrent(card);
  });
  // Cards added, removed or moved by any module: each list must still have one current card.
  new MutationObserver((records) => {
    const lists = new Set();
    for (const record of records) {
      if (record.target.classList?.contains('tasks')) lists.add(record.target);
      for (const node of record.addedNodes) {
        if (node.classList?.contains('tasks')) lists.add(node);
        else if (node.querySelectorAll) node.querySelectorAll('.tasks').forEach((list) => lists.add(list));
      }
    }
    for (const list of lists) if (list.isConnected) settle(list);
  }).observe(board, { childList: true, subtree: true });
}

/** The card of `list` that Tab reaches, if any. */
export function currentCard(list) {
  return cardsIn(list).find((card) => card.tabIndex === 0) ?? null;
}

/** Makes `card` the one its list's Tab stop lands on. */
export function makeCurrent(card) {
  const list = card.parentElement;
  for (const other of cardsIn(list)) {
    if (other !== card && other.tabIndex === 0) leave(other);
  }
  enter(card);
}

/**
 * Moves focus to `card` (making it current) and scrolls it into view.
 * @param {HTMLElement} card
 */
export function focusCard(card) {
  makeCurrent(card);
  card.focus({ preventScroll: true });
  card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * Takes every card of the list out of the Tab order but one: the current one if it is shown,
 * otherwise the first shown.
 * @param {Element} list
 */
export function settle(list) {
  const cards = cardsIn(list);
  let current = cards.find((card) => card.tabIndex === 0 && isShown(card)) ?? null;
  for (const card of cards) {
    if (card !== current) leave(card);
  }
  current ??= visibleCardsIn(list)[0] ?? null;
  if (current) enter(current);
}

function enter(card) {
  card.tabIndex = 0;
  delete card.dataset.roved;
  card.setAttribute('aria-describedby', 'drag-help');
  for (const control of card.querySelectorAll(CONTROLS)) control.removeAttribute('tabindex');
}

function leave(card) {
  if (card.getAttribute('tabindex') === '-1' && card.dataset.roved) return; // already out
  card.tabIndex = -1;
  card.dataset.roved = '';
  card.setAttribute('aria-describedby', 'drag-help');
  for (const control of card.querySelectorAll(CONTROLS)) control.tabIndex = -1;
}
