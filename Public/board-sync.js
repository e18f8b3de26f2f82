// Talking to the server and keeping the page true to what it decided: posts, the board's revision
// and counts, and re-drawing the board from the server's state. Cards are always drawn by the
// server (its answers carry them); this module only places them.

import { t, tn } from './strings.js';

const REQUEST_TIMEOUT = 15000;

/** The session's CSRF token, as the page's one form carries it. */
export function csrfToken() {
  return document.querySelector('#board-actions [name="csrf"], input[name="csrf"]')?.value ?? '';
}

/** A fresh id for one move, so a retried request is applied once. */
export function newMoveID() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return 'js-' + Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Posts form fields the way the page's forms do, asking for JSON.
 * @param {string} path
 * @param {Record<string, string>} fields
 * @returns {Promise<{status: number, body: any, headers: Headers}>} rejects when the server can't be reached
 */
export async function post(path, fields) {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT);
  try {
    const response = await fetch(path, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken() },
      credentials: 'same-origin',
      signal: abort.signal,
    });
    let body = null;
    try {
      body = await response.json();
    } catch {
      // Not JSON (a proxy's error page, say): the status still tells what happened.
    }
    return { status: response.status, body, headers: response.headers };
  } finally {
    clearTimeout(timer);
  }
}

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

/** Records the revision the page now shows (the board's attribute and the page form's field). */
export function setRevision(board, revision) {
  board.dataset.revision = String(revision);
  const field = document.querySelector('#board-actions [name="revision"]');
  if (field) field.value = String(revision);
}

/** "1 task" / "3 tasks", in the page's language. */
function taskCount(count) {
  return tn('tasks', count);
}

/**
 * Sets every count from the cards shown: each column's (header, phone tab, screen-reader label),
 * its finished count (and whether the fold button shows), and the header's total.
 */
export function refreshCounts(board) {
  let total = 0;
  for (const section of board.querySelectorAll('.column')) {
    const cards = cardsIn(section.querySelector('.tasks'));
    total += cards.length;
    const badge = section.querySelector('[data-count]');
    if (badge) {
      badge.textContent = String(cards.length);
      const label = badge.nextElementSibling;
      if (label?.classList.contains('visually-hidden')) label.textContent = ` ${taskCount(cards.length)}`;
    }
    const tab = document.querySelector(`[data-column-tab="${section.dataset.column}"] [data-count]`);
    if (tab) tab.textContent = String(cards.length);
    const finished = cards.filter((card) => card.dataset.finished === 'true').length;
    const toggle = section.querySelector('.finished-toggle');
    if (toggle) {
      toggle.hidden = finished === 0;
      const shown = toggle.querySelector('.when-shown');
      const hidden = toggle.querySelector('.when-hidden');
      if (shown) shown.textContent = t('finished.hide', { count: finished });
      if (hidden) hidden.textContent = t('finished.show', { count: finished });
    }
  }
  const summary = document.querySelector('.header-summary');
  if (summary) summary.textContent = taskCount(total);
}

/** Parses a card the server drew (our own template) into an element; null if it is not one. */
export function cardFrom(html) {
  const template = document.createElement('template');
  template.innerHTML = html.trim();
  const card = template.content.firstElementChild;
  return card?.classList.contains('task') ? card : null;
}

/**
 * Makes the page show the board the server sent, by moving the cards it already has and adding
 * the ones `drawn` holds (id → card HTML from the server's answer).
 * @param {HTMLElement} board the `#board` element
 * @param {{revision: number, columns: Record<string, Array<{id: number, title: string, finished: boolean, important: boolean}>>}} state
 * @param {Map<string, string>} [drawn]
 * @returns {boolean} false when reordering can't do it (a task is new, gone or changed): then
 *   `reloadBoard` must redraw it.
 */
export function applyBoard(board, state, drawn = new Map()) {
  const cards = new Map(Array.from(board.querySelectorAll('.task'), (card) => [card.dataset.taskId, card]));
  let seen = 0;
  for (const tasks of Object.values(state.columns)) {
    for (const task of tasks) {
      const id = String(task.id);
      let card = cards.get(id);
      if (!card && drawn.has(id)) {
        card = cardFrom(drawn.get(id));
        if (card) cards.set(id, card);
      } else if (card) {
        seen += 1;
      }
      if (!card || card.dataset.finished !== String(task.finished) || card.dataset.important !== String(task.important)
        || titleOf(card) !== task.title) return false;
    }
  }
  if (seen !== board.querySelectorAll('.task').length) return false;
  const focused = document.activeElement;
  for (const [column, tasks] of Object.entries(state.columns)) {
    const list = board.querySelector(`[data-column="${column}"] .tasks`);
    if (!list) return false;
    let here = cardsIn(list)[0] ?? null;
    for (const task of tasks) {
      const card = cards.get(String(task.id));
      if (card === here) here = nextCard(here);
      else list.insertBefore(card, here);
    }
  }
  if (focused instanceof HTMLElement && document.activeElement !== focused && board.contains(focused)) {
    focused.focus({ preventScroll: true });
  }
  setRevision(board, state.revision);
  refreshCounts(board);
  return true;
}

function nextCard(card) {
  let next = card.nextElementSibling;
  while (next && !next.classList.contains('task')) next = next.nextElementSibling;
  return next;
}

/**
 * Fetches the board page and puts its board, column tabs and task count in place of the current
 * ones (the `#board` element itself stays, with its listeners).
 */
export async function reloadBoard(board) {
  const response = await fetch('/', { headers: { Accept: 'text/html' }, credentials: 'same-origin', cache: 'no-cache' });
  if (!response.ok) throw new Error(`GET / answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const fresh = page.getElementById('board');
  if (!fresh) throw new Error('the page has no board');
  board.replaceChildren(...fresh.childNodes);
  setRevision(board, fresh.dataset.revision);
  for (const selector of ['.column-tabs', '.header-summary']) {
    const now = page.querySelector(selector);
    if (now) document.querySelector(selector)?.replaceWith(now);
  }
  markCurrentTab(board);
}

/** On a phone, where one column shows at a time, marks the tab of the column in view as current. */
export function markCurrentTab(board) {
  const tabs = document.querySelectorAll('[data-column-tab]');
  if (!tabs.length || board.scrollWidth <= board.clientWidth) return;
  const columns = board.querySelectorAll('.column');
  const page = columns[1] ? columns[1].offsetLeft - columns[0].offsetLeft : board.clientWidth;
  const index = Math.round(board.scrollLeft / page);
  tabs.forEach((tab, i) => (i === index ? tab.setAttribute('aria-current', 'true') : tab.removeAttribute('aria-current')));
}
