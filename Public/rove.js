// One Tab stop per column: the "roving" card. Tab reaches a column's current card (and then that
// card's own check, title and "⋯"); the arrow keys move between cards. Every other card, and its
// controls, leave the Tab order. Cards the server draws later (live updates, new tasks) are fitted
// in as they arrive.
import { cardsArriving, cardsIn, isShown, listChanged, listOfCard, visibleCardsIn } from './cards.js';

const CONTROLS = 'a[href], button';

/**
 * Each list's current card. Only it has tabindex 0, so a change needs to look only at the cards
 * it brought: at 1,000 cards a column, going over every card at each change cost milliseconds.
 * @type {WeakMap<Element, HTMLElement>}
 */
const currents = new WeakMap();

/**
 * Sets up the Tab order of the board's cards and keeps it right as cards come and go.
 * @param {HTMLElement} board
 */
export function setupRoving(board) {
  for (const list of board.querySelectorAll('.tasks')) settle(list);
  board.addEventListener('focusin', (event) => {
    const card = event.target.closest?.('.task');
    if (card && listOfCard(card)) makeCurrent(card);
  });
  // Cards added, removed or moved by any module: each list must still have one current card.
  new MutationObserver((records) => {
    // Each list that changed, with the cards it gained (null: a new list, to settle whole).
    const lists = new Map();
    for (const record of records) {
      const list = listChanged(record.target);
      if (list && lists.get(list) !== null) {
        const arrivals = lists.get(list) ?? new Set();
        for (const node of record.addedNodes) for (const card of cardsArriving(node)) arrivals.add(card);
        lists.set(list, arrivals);
      }
      if (list) continue; // what a list gains is cards, or groups of them
      for (const node of record.addedNodes) {
        if (node.classList?.contains('tasks')) lists.set(node, null);
        else if (node.querySelectorAll) node.querySelectorAll('.tasks').forEach((inner) => lists.set(inner, null));
      }
    }
    for (const [list, arrivals] of lists) if (list.isConnected) settle(list, arrivals && [...arrivals]);
  }).observe(board, { childList: true, subtree: true });
}

/** The card of `list` that Tab reaches, if any. */
export function currentCard(list) {
  const card = currents.get(list);
  return card && listOfCard(card) === list ? card : null;
}

/** Makes `card` the one its list's Tab stop lands on. */
export function makeCurrent(card) {
  const current = currentCard(listOfCard(card));
  if (current && current !== card) leave(current);
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
 * otherwise the first shown. Given the cards the list just gained, only they are looked at.
 * @param {Element} list
 * @param {HTMLElement[] | null} [arrivals]
 */
export function settle(list, arrivals = null) {
  let current = currentCard(list);
  if (current && !isShown(current)) {
    leave(current); // hidden since: it hands the Tab stop on, whichever cards were looked at
    current = null;
  }
  for (const card of arrivals ?? cardsIn(list)) {
    if (card !== current) leave(card);
  }
  current ??= visibleCardsIn(list)[0] ?? null;
  if (current) enter(current);
}

function enter(card) {
  currents.set(listOfCard(card), card);
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
