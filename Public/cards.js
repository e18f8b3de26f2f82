// Questions about the cards on the page, answered from the page as it is now: which cards a list
// holds and shows, where a card sits, what it is called. Nothing here changes the page.

/** The cards in a list, in order (the drop placeholder is not one). */
export function cardsIn(list) {
  return Array.prototype.filter.call(list.children, (child) => child.classList.contains('task'));
}

/** Whether a card is shown: finished cards are hidden in a column that folds them away. */
export function isShown(card) {
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
 * Where a card sits now.
 * @returns {{column: string, index: number, count: number, after: string}} `after` is the id of the
 *   card before it ('' when first), which is what the server's move route takes.
 */
export function positionOf(card) {
  const list = card.parentElement;
  const cards = cardsIn(list);
  const index = cards.indexOf(card);
  return {
    column: list.closest('[data-column]').dataset.column,
    index,
    count: cards.length,
    after: index > 0 ? cards[index - 1].dataset.taskId : '',
  };
}
