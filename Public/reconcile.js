// Bringing the page to what the server decided, by one path. Whatever the server sends — its answer
// to a move, a finish, an add or a delete; a change another tab made (live.js); a whole board after
// an undo, a stale move, or when the page fell too far behind — is applied here, card by card,
// keyed by task id, by revision, and by the card as the server drew it: a card whose drawing is
// unchanged keeps its element (and focus, and any menu open on it); one drawn anew is replaced by
// the server's drawing. Cards are always drawn by the server; nothing here builds card markup.
// Each time the page comes to show the server's state, `planboard:sync` bubbles from the board.
import { cardOf, cardsIn, firstCard, listOf, listOfCard, nextCard, previousCard, putAfter, putCard, putFirst, removeCard } from './cards.js';
import { refreshCounts } from './counts.js';
import { emit } from './events.js';
import { getJSON } from './http.js';
import { path } from './routes.js';
import { state } from './state.js';
import { unfoldAll } from './unfold.js';

const board = state.board;
/** The markup each card element was made from, exactly as the server sent it. */
const drawnFrom = new WeakMap();
/**
 * Every change up to this revision is on the page: the page was drawn at it, or a whole board, or
 * the live stream's changes (which come in order) brought it here.
 */
let complete = Number(board?.dataset.revision ?? 0);
/**
 * Changes that touch the whole board: the page takes the whole board rather than follow them. The
 * day's turn and new settings (zone, start of day) are among them: besides the tasks they move,
 * every card's dates may read differently on the board's new day.
 */
const WHOLE_BOARD = new Set(['import', 'restore', 'turn', 'settings']);
/**
 * What scripts add to a card the server drew (rove.js: the Tab order; menu.js: "⋯" as a button;
 * the gestures' and messages' classes). A card drawn with the page is compared with a new drawing
 * without them; one missed here only costs drawing that card anew.
 */
const ADDED_CLASSES = ['is-drag-source', 'is-landing', 'is-lifted', 'is-saving', 'is-refused', 'is-updated', 'is-selected'];
const ADDED_ATTRIBUTES = ['style', 'data-roved', 'aria-describedby'];
const ADDED_TO_MENU_BUTTON = ['role', 'aria-haspopup', 'aria-expanded', 'aria-controls'];

/** The revision the page shows: the latest the server has told it of. */
export function revision() {
  return Number(board?.dataset.revision ?? 0);
}

/**
 * Shows changes the server made, in the order given. A change is what the live stream sends:
 * `{revision, id, task, html?, placement?: {column, after}}`, where no `task` means the task is
 * gone, `html` is its card as the server draws it now, and `placement` where it now sits (`after`
 * null: first). A change the page already shows in full (by revision) is skipped; when any is
 * shown, `planboard:sync` says so.
 * @param {Array<object>} changes
 * @param {{cause: string, inOrder?: boolean}} how `cause` names what brought them (for
 *   `planboard:sync`); `inOrder` says they are every change after the page's, in order (the live stream)
 * @returns {HTMLElement[]|null} the cards placed or drawn anew, or null when the page can't follow
 *   the changes card by card (then `refresh` brings the whole board)
 */
export function applyChanges(changes, { cause, inOrder = false }) {
  if (changes.some((change) => WHOLE_BOARD.has(change.kind))) return null;
  unfoldAll(); // a change may name any card
  const focus = focusNow();
  const touched = [];
  const ids = [];
  let latest = revision();
  let followed = true;
  let applied = 0;
  for (const change of changes) {
    const at = change.revision == null ? NaN : Number(change.revision); // NaN: not said, never skipped
    if (at <= complete) continue;
    applied += 1;
    const card = applyOne(change);
    if (card === undefined) {
      followed = false;
      break;
    }
    if (card) touched.push(card);
    if (change.id != null) ids.push(String(change.id));
    if (Number.isFinite(at)) {
      if (inOrder || at === complete + 1) complete = at;
      latest = Math.max(latest, at);
    }
  }
  setRevision(Math.max(latest, complete));
  refocus(focus);
  refreshCounts(board);
  if (!followed) return null;
  if (applied) emit('sync', board, { cause, revision: revision(), tasks: ids, whole: false });
  return touched;
}

/**
 * Makes the page show a whole board the server sent, each task with its card's `html`: cards that
 * are drawn the same stay (moved into place), others are drawn anew, and cards the board lacks go.
 * @param {{revision: number, columns: Record<string, Array<{id: number, html?: string}>>}} server
 * @param {string} cause what brought it (for `planboard:sync`)
 * @returns {boolean} false, changing nothing, when the board names a task the page can't draw
 */
export function applyBoard(server, cause) {
  const columns = Object.entries(server?.columns ?? {});
  const lists = columns.map(([column]) => listOf(board, column));
  if (lists.some((list) => !list)) return false;
  unfoldAll();
  const onPage = new Map(Array.from(board.querySelectorAll('.tasks')).flatMap(cardsIn).map((card) => [card.dataset.taskId, card]));
  learn(columns.flatMap(([, tasks]) => tasks.flatMap((task) => {
    const card = onPage.get(String(task.id));
    return card && task.html && !drawnFrom.has(card) ? [[card, task.html]] : [];
  })));
  // Every card first, so that nothing changes when one can't be drawn.
  const kept = new Set();
  const wanted = [];
  for (const [, tasks] of columns) {
    const cards = [];
    for (const task of tasks) {
      const card = onPage.get(String(task.id));
      const element = card && (!task.html || drawnFrom.get(card) === task.html) ? card : task.html ? cardFrom(task.html) : null;
      if (!element) return false;
      if (element === card) kept.add(card);
      cards.push(element);
    }
    wanted.push(cards);
  }
  const focus = focusNow();
  for (const card of onPage.values()) if (!kept.has(card)) removeCard(card);
  lists.forEach((list, i) => {
    let here = firstCard(list);
    for (const card of wanted[i]) {
      if (card === here) here = nextCard(here);
      else putCard(card, list, here);
    }
  });
  complete = Number(server.revision);
  setRevision(complete);
  refocus(focus);
  refreshCounts(board);
  emit('sync', board, { cause, revision: complete, tasks: [], whole: true });
  return true;
}

/**
 * Fetches the whole board (each task with its card) and shows it.
 * @param {string} cause what made it necessary (for `planboard:sync`)
 * @returns {Promise<void>} rejects when the board could not be fetched or shown
 */
export async function refresh(cause) {
  const server = await getJSON(`${path('board')}?cards=html`);
  if (!applyBoard(server, cause)) throw new Error('the board names a task without its card');
}

/**
 * Shows the server's answer to one of this page's own changes; when the page can't follow it card
 * by card, fetches the whole board.
 * @param {object} change as for `applyChanges`
 * @param {string} cause
 * @returns {Promise<void>} rejects when the whole board was needed and could not be had
 */
export async function showAnswer(change, cause) {
  if (applyChanges([change], { cause }) === null) await refresh(cause);
}

/**
 * Shows the board a refusal carried (a stale move or undo); fetches it when it can't be shown as sent.
 * @param {object} server the board, as for `applyBoard`
 * @param {string} cause
 * @returns {Promise<void>}
 */
export async function showBoard(server, cause) {
  if (!applyBoard(server, cause)) await refresh(cause);
}

/**
 * Shows one change. Returns the card it placed or drew, null when it removed one (or there was
 * nothing to do), and undefined when the page cannot follow it.
 */
function applyOne(change) {
  const existing = change.id == null ? null : cardOf(change.id);
  if (!change.task) {
    if (existing) removeCard(existing);
    return null;
  }
  let card = existing;
  if (change.html) {
    if (existing && !drawnFrom.has(existing)) learn([[existing, change.html]]);
    if (!existing || drawnFrom.get(existing) !== change.html) {
      const fresh = cardFrom(change.html);
      if (!fresh) return undefined;
      existing?.replaceWith(fresh);
      card = fresh;
    }
  }
  if (!card) return undefined;
  if (change.placement) return place(card, change.placement) ? card : undefined;
  return card.isConnected ? card : undefined;
}

/** Puts a card where the server placed it (after its anchor, or first); false when the anchor isn't there. */
function place(card, { column, after }) {
  const list = listOf(board, column);
  if (!list) return false;
  if (after == null || after === '') {
    if (firstCard(list) !== card) putFirst(card, list);
    return true;
  }
  const anchor = cardOf(after);
  if (!anchor || listOfCard(anchor) !== list) return false;
  if (listOfCard(card) !== list || previousCard(card) !== anchor) putAfter(card, anchor);
  return true;
}

/** Makes a card from the server's drawing of it; null if the drawing is not one card. */
function cardFrom(html) {
  const template = document.createElement('template');
  template.innerHTML = html.trim();
  const card = template.content.firstElementChild;
  if (!card?.classList.contains('task') || template.content.childElementCount !== 1) return null;
  drawnFrom.set(card, html);
  return card;
}

/**
 * For cards drawn with the page (whose markup as sent is not known), records the server's new
 * drawing as theirs when it is the same as what they show, scripts' additions left out.
 * @param {Array<[HTMLElement, string]>} pairs each card with the server's drawing of it now
 */
function learn(pairs) {
  if (!pairs.length) return;
  const template = document.createElement('template');
  template.innerHTML = pairs.map(([, html]) => html.trim()).join('');
  const drawings = template.content.children;
  if (drawings.length !== pairs.length) return; // not one card each: every one is drawn anew
  pairs.forEach(([card, html], i) => {
    if (asDrawn(card) === drawings[i].outerHTML) drawnFrom.set(card, html);
  });
}

/** A card's markup without what scripts added to it. */
function asDrawn(card) {
  const copy = card.cloneNode(true);
  copy.classList.remove(...ADDED_CLASSES);
  for (const name of ADDED_ATTRIBUTES) copy.removeAttribute(name);
  copy.setAttribute('tabindex', '-1'); // the server's; rove.js makes one card per column 0
  for (const control of copy.querySelectorAll('[tabindex]')) control.removeAttribute('tabindex');
  for (const button of copy.querySelectorAll('.task-more')) {
    for (const name of ADDED_TO_MENU_BUTTON) button.removeAttribute(name);
  }
  return copy.outerHTML;
}

/** Records the revision the page shows (the board's attribute and the page form's field). */
function setRevision(value) {
  board.dataset.revision = String(value);
  const field = document.querySelector('#board-actions [name="revision"]');
  if (field) field.value = String(value);
}

/** Where the focus is, to put it back after cards moved or were drawn anew. */
function focusNow() {
  const element = document.activeElement;
  const card = element?.closest?.('.task');
  return { element, id: card && board.contains(card) ? card.dataset.taskId : null, part: card && element !== card ? element.classList[0] : null };
}

/** Puts the focus back: on the same element if it is still there, else on the same part of the task's new card. */
function refocus({ element, id, part }) {
  if (!(element instanceof HTMLElement) || document.activeElement === element) return;
  if (element.isConnected) {
    if (board.contains(element)) element.focus({ preventScroll: true });
    return;
  }
  const card = id && cardOf(id);
  if (!card) return;
  (part && card.querySelector(`.${CSS.escape(part)}`) || card).focus({ preventScroll: true });
}
