// Several cards at once: Ctrl (⌘) or Shift with a click, Shift with ↑ ↓, or Shift+Space on a focused
// card, or "Select" in a card's menu (the way in on a touch screen), selects cards; while any is
// selected, a click or tap on a card adds or removes it. A bar over the page's header then offers
// what to do to all of them — finish, reopen, mark, unmark, move to a column, delete — saved as one
// request and one change, which one Undo takes back. Escape (or the bar's ✕) clears the selection.
import { cardOf, listOfCard, titleOf, visibleCardsIn } from './cards.js';
import { post, reasonOf } from './http.js';
import { refresh } from './reconcile.js';
import { focusCard } from './rove.js';
import { path } from './routes.js';
import { exclusively, isBusy, state } from './state.js';
import { say } from './status.js';
import { t, tn } from './strings.js';
import { undo } from './undo.js';

/** The selected tasks' ids, in the order they were chosen. */
const selected = new Set();
/** The card a Shift+click or Shift+arrow extends from. */
let anchor = null;
let bar = null;

/**
 * Listens for selecting gestures on the board.
 * @param {HTMLElement} board
 */
export function setupSelection(board) {
  // Before the title's link or pointer.js see the click.
  board.addEventListener('click', onClick, true);
  board.addEventListener('keydown', onKey);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && selected.size && !state.drag && !event.defaultPrevented) {
      event.preventDefault();
      clear({ announce: true });
    }
  });
  // Cards drawn anew (another tab, an answer) are marked again; tasks gone leave the selection.
  board.addEventListener('planboard:sync', remark);
}

/** Whether any card is selected. */
export function hasSelection() {
  return selected.size > 0;
}

/**
 * Adds the card to the selection, or takes it out.
 * @param {HTMLElement} card
 * @param {boolean} [on]
 */
export function toggle(card, on = !selected.has(card.dataset.taskId)) {
  const id = card.dataset.taskId;
  if (on) selected.add(id);
  else selected.delete(id);
  card.classList.toggle('is-selected', on);
  anchor = card;
  update();
  const said = t(on ? 'select.added' : 'select.removed', { title: titleOf(card), count: selected.size });
  // The first card chosen says how to choose more (on a touch screen, by tapping).
  say(on && selected.size === 1 ? `${said} ${t('select.hint')}` : said);
}

function onClick(event) {
  const card = event.target.closest?.('.task');
  if (!card || state.drag) return;
  const modified = event.ctrlKey || event.metaKey || event.shiftKey;
  if (!modified && !selected.size) return;
  // The card's own buttons keep their work; anywhere else on it (its title too) selects.
  if (!modified && event.target.closest('button, input, .task-more')) return;
  event.preventDefault();
  event.stopPropagation();
  if (event.shiftKey && anchor?.isConnected && listOfCard(anchor) === listOfCard(card)) {
    const cards = visibleCardsIn(listOfCard(card));
    const [from, to] = [cards.indexOf(anchor), cards.indexOf(card)].sort((a, b) => a - b);
    for (const each of cards.slice(from, to + 1)) mark(each, true);
    anchor = card;
    update();
    say(tn('select.count', selected.size));
    return;
  }
  toggle(card);
}

function onKey(event) {
  const card = event.target;
  if (!card.classList?.contains('task') || !event.shiftKey || event.ctrlKey || event.metaKey || event.altKey || state.drag) return;
  if (event.key === ' ') {
    event.preventDefault();
    event.stopPropagation();
    toggle(card);
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    event.stopPropagation();
    const cards = visibleCardsIn(listOfCard(card));
    const next = cards[cards.indexOf(card) + (event.key === 'ArrowDown' ? 1 : -1)];
    mark(card, true);
    if (next) {
      mark(next, true);
      focusCard(next);
    }
    anchor = next ?? card;
    update();
    say(tn('select.count', selected.size));
  }
}

function mark(card, on) {
  if (on) selected.add(card.dataset.taskId);
  else selected.delete(card.dataset.taskId);
  card.classList.toggle('is-selected', on);
}

/** Empties the selection. */
function clear({ announce = false } = {}) {
  for (const id of selected) cardOf(id)?.classList.remove('is-selected');
  selected.clear();
  anchor = null;
  update();
  if (announce) say(t('select.cleared'));
}

function remark() {
  for (const id of [...selected]) {
    const card = cardOf(id);
    if (card) card.classList.add('is-selected');
    else selected.delete(id);
  }
  update();
}

/** Shows the bar with the count while anything is selected, and hides it after. */
function update() {
  if (!selected.size) {
    if (bar) bar.hidden = true;
    document.documentElement.classList.remove('is-selecting');
    return;
  }
  bar ??= makeBar();
  bar.hidden = false;
  bar.querySelector('.selection-count').textContent = tn('select.count', selected.size);
  document.documentElement.classList.add('is-selecting');
}

function makeBar() {
  const template = document.getElementById('selection-bar');
  const made = template.content.firstElementChild.cloneNode(true);
  made.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    if (button.dataset.action === 'clear') clear({ announce: true });
    else apply(button.dataset.action);
  });
  // Inside a landmark (the page header), as the card menu is; fixed over it on screen.
  (document.querySelector('.app-header') ?? document.body).append(made);
  return made;
}

/** Does `action` to every selected task, as one request; the board shows what the server did. */
async function apply(action) {
  if (isBusy()) {
    say(t('busy'));
    return;
  }
  const ids = [...selected];
  await exclusively(async () => {
    let answer;
    try {
      answer = await post(path('select'), { ids: ids.join(','), action });
    } catch {
      answer = null;
    }
    if (answer?.status !== 200) {
      say(t('nothingChanged', { reason: reasonOf(answer) }), { kind: 'error' });
      return;
    }
    clear();
    try {
      await refresh('select');
    } catch {
      say(t('refreshFailed'), { kind: 'error' });
      return;
    }
    say(answer.body?.message ?? '', { undo });
    const first = ids.map(cardOf).find(Boolean);
    if (first) first.focus({ preventScroll: true });
  });
}
