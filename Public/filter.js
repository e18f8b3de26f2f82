// Filtering the board in place: the header's search field and the switches beside it (important,
// has a deadline, overdue, scheduled) narrow every column to the matching cards as a person types,
// without asking the server. Cards left out get `hidden`; everything else on the page (drag,
// keyboard moves, live changes) works on the cards that are shown (cards.js `isShown`).
//
// Matching is the server's search rule (PlanCore/SearchText.swift): the query is folded with NFKC
// and lower case, then Traditional characters become Simplified, and every word must occur in the
// card's folded title and notes. The server writes each card's folded text (`data-search`, the same
// Swift function that the stores search) and the Traditional characters that fold to its Simplified
// ones (`data-fold`, pairs), so this module folds a query without a table of every Chinese
// character: one missing from every card cannot match any card anyway.
//
// The state lives in the address (`?q=…&important=1`, history.replaceState), which the server
// reads too: a reload or a bookmark draws the same filtered board, with or without scripts.
import { cardsArriving, cardsIn, firstCard, isShown, listChanged, nextCard } from './cards.js';
import { currentCard, makeCurrent } from './rove.js';
import { t } from './strings.js';

const SWITCHES = ['important', 'deadline', 'overdue', 'scheduled'];
/** As `SearchQuery` reads a query: longer ones, or more words, are refused there. */
const MAX_LENGTH = 200;
const MAX_TERMS = 8;

const board = document.getElementById('board');
const field = document.getElementById('search-q');
const bar = document.querySelector('.board-filters');
/** Each card's folded text, read once per card element (a card drawn anew is a new element). */
const folded = new WeakMap();
/** Traditional character → Simplified, gathered from the cards' `data-fold` pairs. */
const simplified = new Map();

function searchTextOf(card) {
  let text = folded.get(card);
  if (text === undefined) {
    text = card.dataset.search ?? '';
    folded.set(card, text);
    const pairs = Array.from(card.dataset.fold ?? '');
    for (let i = 0; i + 1 < pairs.length; i += 2) simplified.set(pairs[i], pairs[i + 1]);
  }
  return text;
}

/**
 * The words of a query, folded as the server folds them, without repeats; null for no words.
 * @param {string} typed
 * @returns {string[]|null}
 */
export function termsOf(typed) {
  const plain = typed.trim().normalize('NFKC').toLowerCase();
  if (!plain) return null;
  const words = Array.from(plain, (character) => simplified.get(character) ?? character).join('').split(/\s+/);
  return Array.from(new Set(words.filter(Boolean)));
}

function setupFilter() {
  const switches = new Map();
  for (const link of bar.querySelectorAll('.filter-switch')) {
    // With scripts a switch is a toggle button on this page; without, a link to the board filtered.
    link.setAttribute('role', 'button');
    link.setAttribute('aria-pressed', String(link.getAttribute('aria-current') === 'true'));
    link.removeAttribute('aria-current');
    switches.set(link.dataset.filter, link);
  }
  const clear = bar.querySelector('.filter-clear');

  const pressed = (name) => switches.get(name)?.getAttribute('aria-pressed') === 'true';

  /** What the cards are judged by now: the folded words and the switches that are on. */
  let terms = [];
  let on = [];
  let active = false;
  /** True during the first pass, over the cards as the server drew them for the address. */
  let initial = true;

  /** Hides or shows one card; true when that changed. */
  function judge(card) {
    const match = !active || matches(card, terms, on);
    if (card.hidden !== match) return false;
    card.hidden = !match;
    return true;
  }

  /**
   * The column's one Tab stop must be a card that shows: when the filter hid it, the first shown
   * card takes it (rove.js `settle` would do the same by visiting every card, too slow per keystroke).
   */
  function keepTabStop(list) {
    const current = currentCard(list);
    if (current && isShown(current)) return;
    for (let card = firstCard(list); card; card = nextCard(card)) {
      if (isShown(card)) {
        makeCurrent(card);
        return;
      }
    }
  }

  /**
   * Each list's cards in order with what the filter reads of them, made once and again only when
   * the list's children change, so a keystroke touches the page only for cards that change.
   * @type {Map<Element, {card: HTMLElement, hidden: boolean}[]>}
   */
  const lists = new Map();
  function entriesOf(list) {
    let entries = lists.get(list);
    if (!entries) {
      entries = [];
      for (const card of cardsIn(list)) {
        searchTextOf(card);
        entries.push({ card, hidden: card.hidden });
      }
      lists.set(list, entries);
    }
    return entries;
  }

  /** Writes "N of M" beside the column's name (nothing when the board is not filtered). */
  function writeCount(list, shown, total) {
    const count = list.closest('.column')?.querySelector('[data-filter-count]');
    if (!count) return;
    count.hidden = !active;
    const text = active ? t('filter.shown', { shown, total }) : '';
    if (count.textContent !== text) count.textContent = text;
  }

  function recount() {
    for (const list of board.querySelectorAll('.tasks')) {
      const entries = entriesOf(list);
      writeCount(list, entries.reduce((sum, entry) => sum + (entry.hidden ? 0 : 1), 0), entries.length);
    }
  }

  /** Shows the cards that match, hides the others, and writes "N of M" in each column. */
  function apply() {
    const started = performance.now();
    // Every card's text is read first, so the Traditional characters of all cards are known.
    const all = Array.from(board.querySelectorAll('.tasks'), (list) => [list, entriesOf(list)]);
    terms = termsOf(field.value) ?? [];
    on = SWITCHES.filter(pressed);
    active = terms.length > 0 || on.length > 0;
    for (const [list, entries] of all) {
      let changed = false;
      let shown = 0;
      for (const entry of entries) {
        const match = !active || matches(entry.card, terms, on);
        if (entry.hidden === match) {
          entry.hidden = !match;
          entry.card.hidden = !match;
          changed = true;
        }
        if (match) shown += 1;
      }
      if (changed) keepTabStop(list);
      writeCount(list, shown, entries.length);
    }
    if (clear) clear.hidden = !active;
    bar.dataset.filtered = String(active);
    board.dataset.filterMs = (performance.now() - started).toFixed(1);
  }

  function matches(card, terms, on) {
    for (const name of on) {
      if (card.dataset[name] !== 'true') return false;
    }
    const text = searchTextOf(card);
    for (const term of terms) {
      // A card with long notes carries only the start of its text (`data-search-cut`): past it,
      // the page as the server drew it knows better, so the first pass keeps what it decided.
      if (!text.includes(term)) return initial && card.dataset.searchCut === 'true' ? !card.hidden : false;
    }
    return true;
  }

  // Cards that arrive or are drawn anew (a live change, a move's answer, a whole board, a new
  // task) are judged before the browser paints them, and the counts follow any card that moved.
  new MutationObserver((records) => {
    const changed = new Set();
    for (const record of records) {
      const list = listChanged(record.target);
      if (!list) continue;
      changed.add(list);
      for (const node of record.addedNodes) {
        for (const card of cardsArriving(node)) {
          searchTextOf(card);
          judge(card);
        }
      }
    }
    for (const list of changed) lists.delete(list);
    if (!changed.size || !active) return;
    for (const list of changed) keepTabStop(list);
    recount();
  }).observe(board, { childList: true, subtree: true });

  /** Writes the state into the address, as the server reads it. */
  function remember() {
    const url = new URL(window.location.href);
    const params = new URLSearchParams();
    const typed = field.value.trim();
    const words = termsOf(typed);
    // A query the server would refuse stays out of the address, so a reload still works.
    if (words && typed.length <= MAX_LENGTH && words.length <= MAX_TERMS) params.set('q', typed);
    for (const name of SWITCHES) if (pressed(name)) params.set(name, '1');
    const query = params.toString();
    url.search = query ? `?${query}` : '';
    if (url.href !== window.location.href) history.replaceState(history.state, '', url);
    // The language switch comes back to the board as it is filtered now.
    const next = document.querySelector('.language-options input[name="next"]');
    if (next) next.value = url.pathname + url.search;
  }

  let frame = 0;
  /** At most one filtering per frame, however fast the keys come. */
  function update() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      apply();
      remember();
    });
  }

  function toggle(link) {
    link.setAttribute('aria-pressed', String(link.getAttribute('aria-pressed') !== 'true'));
    update();
  }

  /** The whole board again: no words, no switches. */
  function reset() {
    field.value = '';
    for (const link of switches.values()) link.setAttribute('aria-pressed', 'false');
    update();
  }

  field.addEventListener('input', update);
  field.addEventListener('keydown', (event) => {
    // page.js empties the field first; here Escape also turns the switches off.
    if (event.key === 'Escape') reset();
  });
  for (const link of switches.values()) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      toggle(link);
    });
    link.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      toggle(link);
    });
  }
  clear?.addEventListener('click', (event) => {
    event.preventDefault();
    reset();
    field.focus();
  });

  // What the address says (the server drew the same; this also covers a page from the cache).
  const params = new URLSearchParams(window.location.search);
  if (params.has('q') && !field.value) field.value = params.get('q');
  for (const name of SWITCHES) {
    if (switches.has(name)) switches.get(name).setAttribute('aria-pressed', String(['1', 'true'].includes(params.get(name))));
  }
  apply();
  initial = false;
}

if (board && field && bar) setupFilter();
