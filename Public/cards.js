// The cards on the page: which cards a list holds and shows, where a card sits, what it is called,
// and putting a card into a list.

// A list (`ol.tasks`) holds its cards in groups (`div.task-group`, BoardPage.cardsPerGroup on the
// server, `data-group-size` on the board), each laid out on its own so that a change lays out one
// group rather than every card of the list. Every module reads and places a list's cards through
// the functions here, which see one list across the groups; the ones that place a card keep the
// groups never empty and never past twice the size, without touching the rest of the list.

const GROUP = 'task-group';

/** The cards in a list, in order (the drop placeholder is not one). */
export function cardsIn(list) {
  return Array.from(list.querySelectorAll(':scope > .task-group > .task'));
}

/** The list a card is in, or null when it is not in one. */
export function listOfCard(card) {
  const parent = card.parentElement;
  return parent?.classList.contains(GROUP) ? parent.parentElement : null;
}

/**
 * For a MutationObserver's record: the list whose cards changed when `target` (a list or one of
 * its groups) gained or lost children, else null.
 * @param {Node} target
 */
export function listChanged(target) {
  const list = target.classList?.contains(GROUP) ? target.parentElement : target;
  return list?.classList?.contains('tasks') ? list : null;
}

/** The cards a node added to a list brings: itself when a card, a group's cards when a group. */
export function cardsArriving(node) {
  if (node.classList?.contains('task')) return [node];
  return node.classList?.contains(GROUP) ? Array.from(node.children) : [];
}

/**
 * A card's offset from the top of its list's content (the list scrolls; the transforms that draw a
 * drag's gap do not move it). The list is positioned (board.css), so it is the offset parent of
 * its groups, and of their cards unless a group's containment makes the group theirs.
 */
export function offsetInList(card) {
  const group = card.parentElement;
  return card.offsetParent === group ? group.offsetTop + card.offsetTop : card.offsetTop;
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
  return list.querySelector(':scope > .task-group > .task');
}

/** The last card of a list, or null. */
export function lastCard(list) {
  return lastGroup(list)?.lastElementChild ?? null;
}

/** A list's last group (never empty, `tidy` sees to it), or null. */
function lastGroup(list) {
  let group = list.lastElementChild;
  while (group && !group.classList.contains(GROUP)) group = group.previousElementSibling;
  return group;
}

/** The card after `card` in its list, across groups, or null. */
export function nextCard(card) {
  return neighbour(card, 'nextElementSibling', 'firstElementChild');
}

/** The card before `card` in its list, across groups, or null. */
export function previousCard(card) {
  return neighbour(card, 'previousElementSibling', 'lastElementChild');
}

/**
 * The card beside `card` one way: its sibling in the group, else the nearest card of the nearest
 * group that way (`step` walks siblings, `end` takes that group's card nearest to `card`).
 */
function neighbour(card, step, end) {
  if (card[step]) return card[step];
  const group = card.parentElement;
  if (!group?.classList.contains(GROUP)) return null;
  for (let other = group[step]; other; other = other[step]) {
    if (other.classList.contains(GROUP) && other[end]) return other[end];
  }
  return null;
}

/**
 * Puts `card` into `list` before `before` (a card of that list), or last when `before` is null or
 * not in the list: into the group of the card it goes before, or the list's last group. The group
 * it left and the one it joined are then kept in size (`tidy`).
 * @param {HTMLElement} card
 * @param {Element} list
 * @param {HTMLElement | null} before
 */
export function putCard(card, list, before) {
  if (before === card) return;
  const left = card.parentElement;
  if (before && listOfCard(before) === list) {
    before.before(card);
  } else {
    const group = lastGroup(list) ?? list.insertBefore(newGroup(), list.firstElementChild);
    group.append(card);
  }
  tidy(left);
  tidy(card.parentElement);
}

/** Puts `card` straight after `anchor`, in the anchor's group (see `putCard`). */
export function putAfter(card, anchor) {
  if (anchor === card) return;
  const left = card.parentElement;
  anchor.after(card);
  tidy(left);
  tidy(card.parentElement);
}

/** Puts `card` first in `list` (see `putCard`). */
export function putFirst(card, list) {
  putCard(card, list, firstCard(list));
}

/** Takes a card off the page; its group goes too when it was the group's last card. */
export function removeCard(card) {
  const left = card.parentElement;
  card.remove();
  tidy(left);
}

/** How many cards a group holds as the server draws it (the board's `data-group-size`). */
export function groupSize() {
  return Number(document.getElementById('board')?.dataset.groupSize) || 50;
}

function newGroup() {
  const group = document.createElement('div');
  group.className = GROUP;
  group.setAttribute('role', 'none');
  return group;
}

/**
 * Keeps a group in size after a card came or went: an empty group goes; one grown past twice the
 * size is split in two halves, the half without the focused card moving into a new group beside
 * it (moving the focused element would blur it, and a keyboard drag ends on blur).
 * @param {Element | null} group
 */
function tidy(group) {
  if (!group?.classList.contains(GROUP)) return;
  const count = group.childElementCount;
  if (count === 0) {
    group.remove();
    return;
  }
  if (count <= 2 * groupSize() || !group.parentElement) return;
  const cards = Array.from(group.children);
  const half = Math.floor(count / 2);
  const focused = group.contains(document.activeElement) ? cards.findIndex((card) => card.contains(document.activeElement)) : -1;
  const split = newGroup();
  if (focused >= 0 && focused >= half) {
    split.append(...cards.slice(0, half));
    group.before(split);
  } else {
    split.append(...cards.slice(half));
    group.after(split);
  }
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
  const list = listOfCard(card);
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
  const list = listOfCard(card);
  if (!list) return;
  let previous = previousCard(card);
  while (previous && !isShown(previous)) previous = previousCard(previous);
  if (previous) {
    if (previousCard(card) !== previous) putAfter(card, previous);
  } else if (firstCard(list) !== card) {
    putFirst(card, list);
  }
}
