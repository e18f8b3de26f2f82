// The keyboard: moving between cards (arrow keys, Home, End), lifting a card (Space or Enter),
// carrying it (arrows within and across columns), dropping it (Space or Enter) or cancelling
// (Escape), plus the board's shortcuts: N for a new task in this column, M or the context-menu key
// for the card's menu, X to finish or reopen it, I to mark it important or not, F2 or E to rename
// it, S for its days, Delete to delete it, Ctrl+Z (⌘Z) to undo.
import { columnName, isShown, listOfCard, nextCard, positionOf, previousCard, putAfter, putCard, titleOf, visibleCardsIn } from './cards.js';
import { setting } from './config.js';
import { refreshCounts } from './counts.js';
import { emit } from './events.js';
import { describe, homeOf, restore, saveMove } from './moves.js';
import { focusCard } from './rove.js';
import { isBusy, setDrag, state } from './state.js';
import { say } from './status.js';
import { t } from './strings.js';
import { undo } from './undo.js';

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/**
 * Listens for keys on the board and the page.
 * @param {HTMLElement} board
 * @param {{refuse: (card: HTMLElement, via: string) => void, openMenu: (card: HTMLElement, options?: {start?: string}) => void,
 *          deleteCard: (card: HTMLElement) => void, finish: (card: HTMLElement, finished: boolean) => void,
 *          markImportant: (card: HTMLElement, important: boolean) => void, rename: (card: HTMLElement) => void}} actions
 *   what the other modules do for a key
 */
export function setupKeyboard(board, actions) {
  board.addEventListener('keydown', (event) => onCardKey(event, actions));
  board.addEventListener('focusout', onFocusOut);
  document.addEventListener('keydown', onDocumentKey);
}

function onCardKey(event, actions) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const card = event.target;
  if (!card.classList?.contains('task')) return;
  const drag = state.drag;
  if (drag?.type === 'keyboard' && card === drag.card) {
    const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (moves[event.key]) {
      event.preventDefault();
      moveByKey(...moves[event.key]);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      dropByKey();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelByKey('escape');
    }
    return;
  }
  if (drag || state.pending) return;
  // Shift with Space or ↑ ↓ selects (selection.js).
  if (event.shiftKey && [' ', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
  if (event.key === ' ' || event.key === 'Enter') {
    event.preventDefault();
    if (isBusy()) say(t('busy'));
    else if (card.dataset.finished === 'true') actions.refuse(card, 'keyboard');
    else liftByKey(card);
  } else if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
    event.preventDefault();
    const next = neighbour(card, event.key);
    if (next) focusCard(next);
  } else if (event.key === 'Delete' || (event.key === 'Backspace' && !event.shiftKey)) {
    event.preventDefault();
    actions.deleteCard(card);
  } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey) || event.key.toLowerCase() === 'm') {
    event.preventDefault();
    actions.openMenu(card);
  } else if (event.key.toLowerCase() === 'x' && !event.shiftKey) {
    event.preventDefault();
    actions.finish(card, card.dataset.finished !== 'true');
  } else if (event.key.toLowerCase() === 'i' && !event.shiftKey) {
    event.preventDefault();
    actions.markImportant(card, card.dataset.important !== 'true');
  } else if (event.key === 'F2' || (event.key.toLowerCase() === 'e' && !event.shiftKey)) {
    event.preventDefault();
    actions.rename(card);
  } else if (event.key.toLowerCase() === 's' && !event.shiftKey) {
    // S: schedule, the menu open at its days (Tomorrow, This weekend, Next week, Pick a date).
    event.preventDefault();
    actions.openMenu(card, { start: 'schedule:' });
  }
}

/** The card an arrow (or Home/End) leads to from `card`, if any. */
function neighbour(card, key) {
  const list = listOfCard(card);
  const cards = visibleCardsIn(list);
  const index = cards.indexOf(card);
  if (key === 'ArrowUp') return cards[index - 1];
  if (key === 'ArrowDown') return cards[index + 1];
  if (key === 'Home') return cards[0];
  if (key === 'End') return cards.at(-1);
  // Sideways: the card at the same height in the next column that has any, or nothing.
  const sections = Array.from(state.board.querySelectorAll('.column'));
  const step = key === 'ArrowLeft' ? -1 : 1;
  for (let at = sections.indexOf(list.closest('.column')) + step; at >= 0 && at < sections.length; at += step) {
    const others = visibleCardsIn(sections[at].querySelector('.tasks'));
    if (others.length) return others[Math.min(index, others.length - 1)];
  }
  return null;
}

function liftByKey(card) {
  const home = homeOf(card);
  setDrag({ type: 'keyboard', card, home, pointerId: null });
  card.classList.add('is-lifted');
  say(t('pickedUp', { title: titleOf(card), position: describe(home.position) }), { sticky: true });
  emit('pickup', card, { taskId: card.dataset.taskId, from: home.position, via: 'keyboard' });
}

/**
 * Runs `change`, which swaps `card` with its shown neighbour `other` (below it when `down`), and
 * slides both from where they were. Their new places follow from the old ones (each takes the
 * other's outer edge), so no layout is asked for in between: at 1,000 cards a column each layout
 * costs some 15 ms. The card is scrolled into view only when its new place is not in view.
 * @param {HTMLElement} card
 * @param {HTMLElement} other
 * @param {boolean} down
 * @param {() => void} change
 */
function swap(card, other, down, change) {
  const mine = card.getBoundingClientRect();
  const theirs = other.getBoundingClientRect();
  const shown = listOfCard(card).getBoundingClientRect();
  change();
  const myTop = down ? theirs.bottom - mine.height : theirs.top;
  const theirTop = down ? mine.top : mine.bottom - theirs.height;
  if (!reducedMotion.matches) {
    glide(card, mine.top - myTop);
    glide(other, theirs.top - theirTop);
  }
  if (myTop < Math.max(shown.top, 0) || myTop + mine.height > Math.min(shown.bottom, innerHeight)) {
    card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
}

/** Slides an element that moved by (`dx`, `dy`) from its old place to its new one. */
function glide(element, dy, dx = 0) {
  if (dx || dy) element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: setting('slide'), easing: 'ease-out' });
}

/**
 * Runs `change` (a DOM move) and slides the given elements from where they were to where they are.
 * @param {HTMLElement[]} elements
 * @param {() => void} change
 */
export function slide(elements, change) {
  if (reducedMotion.matches) {
    change();
    return;
  }
  const before = elements.map((element) => element.getBoundingClientRect());
  change();
  elements.forEach((element, i) => {
    const after = element.getBoundingClientRect();
    glide(element, before[i].top - after.top, before[i].left - after.left);
  });
}

function moveByKey(across, along) {
  const { card } = state.drag;
  const list = listOfCard(card);
  const cards = visibleCardsIn(list);
  const index = cards.indexOf(card);
  if (along) {
    const other = cards[index + along];
    if (!other) {
      say(t(along < 0 ? 'firstInColumn' : 'lastInColumn', { column: columnName(positionOf(card).column) }), { sticky: true });
      return;
    }
    // Moving the neighbour rather than the card keeps focus on the card. On a filtered board the
    // hidden cards between go with the neighbour, so the page keeps the order the server will
    // have: the card straight after the shown card it now follows.
    swap(card, other, along > 0, () => {
      if (along < 0) {
        let start = other;
        while (previousCard(start) && !isShown(previousCard(start))) start = previousCard(start);
        const passed = [];
        for (let between = start; between && between !== card; between = nextCard(between)) passed.push(between);
        let last = card;
        for (const each of passed) {
          putAfter(each, last);
          last = each;
        }
      } else {
        const passed = [];
        for (let between = nextCard(card); between && between !== other; between = nextCard(between)) passed.push(between);
        for (const each of [...passed, other]) putCard(each, list, card);
      }
    });
  } else {
    const sections = Array.from(state.board.querySelectorAll('.column'));
    const section = sections[sections.indexOf(list.closest('.column')) + across];
    if (!section) {
      say(t(across < 0 ? 'firstColumn' : 'lastColumn'), { sticky: true });
      return;
    }
    const targetList = section.querySelector('.tasks');
    const targetCards = visibleCardsIn(targetList);
    state.drag.moving = true;
    slide([card], () => putCard(card, targetList, targetCards[Math.min(index, targetCards.length)] ?? null));
    card.focus({ preventScroll: true });
    state.drag.moving = false;
    card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }
  const position = positionOf(card);
  refreshCounts(state.board);
  say(t('at', { title: titleOf(card), position: describe(position) }), { sticky: true });
  emit('move', card, { taskId: card.dataset.taskId, from: state.drag.home.position, to: position, via: 'keyboard' });
}

function endKeyboardDrag() {
  const current = state.drag;
  setDrag(null);
  current.card.classList.remove('is-lifted');
  return current;
}

function dropByKey() {
  const { card, home } = endKeyboardDrag();
  saveMove(card, home, 'keyboard', null);
}

function cancelByKey(reason) {
  const { card, home } = endKeyboardDrag();
  slide([card], () => restore(card, home));
  if (reason !== 'blur') card.focus({ preventScroll: true });
  saveMove(card, home, 'keyboard', reason);
}

function onFocusOut(event) {
  const drag = state.drag;
  if (drag?.type === 'keyboard' && event.target === drag.card && !drag.moving && event.relatedTarget !== drag.card) {
    cancelByKey('blur');
  }
}

/** Whether the key was typed into a field (where letters are text, not shortcuts). */
function typing(event) {
  return Boolean(event.target.closest?.('input, textarea, select, [contenteditable]:not([contenteditable="false"])'));
}

function onDocumentKey(event) {
  if (event.defaultPrevented) return;
  const modifier = event.ctrlKey || event.metaKey;
  if (modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z' && !typing(event)) {
    event.preventDefault();
    if (!state.drag) undo();
    return;
  }
  if (modifier || event.altKey || typing(event) || state.drag) return;
  if (event.key.toLowerCase() === 'n' && !event.shiftKey) {
    // The add field of the column the focus is in, or of the first column.
    const section = document.activeElement?.closest?.('.column') ?? state.board.querySelector('.column');
    const field = section?.querySelector('.add-task input[name="title"]');
    if (field) {
      event.preventDefault();
      field.focus();
      field.scrollIntoView({ block: 'nearest' });
    }
  }
}

/** Moves focus to the column's current card after `cards` changed under it (a delete, say). */
export function focusNear(list, index) {
  const cards = visibleCardsIn(list);
  const card = cards[Math.min(index, cards.length - 1)];
  if (card) focusCard(card);
  else list.closest('.column')?.querySelector('.add-task input[name="title"]')?.focus();
}

