// Questions about the cards on the page, answered from the page as it is now: which cards a list
// holds and shows, where a card sits, what it is called. Nothing here changes the page.

/** The cards in a list, in order (the drop placeholder is not one). */
export function cardsIn(list) {
  return Array.prototype.filter.call(list.children, (child) => child.classList.contains('task'));
}

/**
 * Whether a card is shown: not left out by the board's filter (`hidden`, filter.js), and not a
 * finished card in a column that folds them away.
 */
export function isShown(card) {
  if (card.hidden) return false;
  return card.dataset.finished !== 'true' || card.closest('.column')?.dataset.hideFinished !== 'true';
}

/** The cards a person sees in a list, in order. */
export function visibleCardsIn(list) {
  return cardsIn(list).filter(isShown);
}

/** The first card of a list, or null. */
export function firstCard(list) {
  return list.querySelector(':scope > .task');
}

/** The card after `card` in its list (skipping the drop placeholder), or null. */
export function nextCard(card) {
  let next = card.nextElementSibling;
  while (next && !next.classList.contains('task')) next = next.nextElementSibling;
  return next;
}

/** The card before `card` in its list (skipping the drop placeholder), or null. */
export function previousCard(card) {
  let previous = card.previousElementSibling;
  while (previous && !previous.classList.contains('task')) previous = previous.previousElementSibling;
  return previous;
}

/** The card of a task, if the page has it. */
export function cardOf(taskId) {
  return document.getElementById(`task-${taskId}`);
}

/** The list of cards of a column ("today"), if the board has that column. */
export function listOf(board, column) {
  return board.querySelector(`[data-column="${column}"] .tasks`);
}

/** A card's title as shown. */
export function titleOf(card) {
  return card.querySelector('.task-title')?.textContent.trim() ?? '';
}

/** The name of a column as its heading shows it ("Today") from its id ("today"). */
export function columnName(id) {
  return document.getElementById(`column-${id}-title`)?.textContent.trim() ?? id;
}

/**
 * Where a card sits now, among the cards a person sees.
 * @returns {{column: string, index: number, count: number, after: string}} `after` is the id of the
 *   shown card before it ('' when first), which is what the server's move route takes: on a
 *   filtered board the server puts the card straight after that one, before any hidden ones.
 */
export function positionOf(card) {
  const list = card.parentElement;
  let cards = visibleCardsIn(list);
  if (!cards.includes(card)) cards = cardsIn(list);
  const index = cards.indexOf(card);
  return {
    column: list.closest('[data-column]').dataset.column,
    index,
    count: cards.length,
    after: index > 0 ? cards[index - 1].dataset.taskId : '',
  };
}

/**
 * Puts a card straight after the shown card before it (or first in its list), past any hidden
 * ones between: where the server will put it when told to follow that card, so the page's order
 * is the server's once the filter is cleared.
 * @param {HTMLElement} card
 */
export function keepAfterShown(card) {
  const list = card.parentElement;
  if (!list) return;
  let previous = previousCard(card);
  while (previous && !isShown(previous)) previous = previousCard(previous);
  if (previous) {
    if (previousCard(card) !== previous) previous.after(card);
  } else if (firstCard(list) !== card) {
    list.prepend(card);
  }
}
