// A column's cards past the first screenful come inside `<noscript class="later-cards">`, a group
// each (PageRenderer.laterStart on the server): without scripts they are ordinary markup; with scripts
// the browser keeps them as text, so a board of thousands of cards is parsed, styled and painted
// at the size of its first cards. This module puts them on the page after the first paint, in
// short tasks in page order, and all that are left at once before anything needs every card (a
// press, a key, a typed filter, a form, a change from the server). The other modules see groups
// arriving as they see a live change's cards arrive (their MutationObservers, `cardsArriving`).
// When none is left, the board says so (`data-cards="all"`, the mark `planboard:all-cards`).
// The server sends as many of a column's cards as markup as a column shows at once on this screen,
// as measured here after each load and resize (the cookie `pb_screenful`, BoardPreferences), so
// the first paint draws the cards in view and no more. Groups put on the page all at once come
// drawn lazily (`.is-lazy`, content-visibility in board.css: the cards out of view are not laid
// out), which halves that wait; the same short tasks then draw them in full, a group a task.

import { groupSize, visibleCardsIn } from './cards.js';

const WAITING = 'noscript.later-cards';
const LAZY = '.task-group.is-lazy';
const NEEDS = ['pointerdown', 'keydown', 'input', 'submit', 'focusin'];
/**
 * Main-thread ms a task may spend putting groups on the page before it lets the browser draw and
 * answer input. A group of 50 cards takes ~10 ms to parse and place (3,000 tasks, scripts/bench-browser),
 * so a task places one group, or more when they are short.
 */
const BUDGET_MS = 10;
/** The next task, without setTimeout's 4 ms wait once timers nest five deep. */
const channel = new MessageChannel();
let scheduled = false;
const SCREENFUL = 'pb_screenful';
/** Quiet ms after the last resize before the screenful is measured again. */
const RESIZE_SETTLE_MS = 300;
let resizeTimer = 0;

let board = null;
/** The card the address names (`#task-…`) when it was still waiting as the page loaded. */
let wanted = null;

/**
 * Starts putting the board's waiting cards on the page. Called once, as the drag layer starts.
 * @param {HTMLElement} element the `#board` element
 */
export function setupUnfold(element) {
  board = element;
  channel.port1.onmessage = step;
  if (board.querySelector(WAITING)) {
    const named = fragment();
    if (named && !document.getElementById(named)) wanted = named;
    for (const type of NEEDS) addEventListener(type, unfoldAll, { capture: true, passive: true });
  } else {
    finished();
  }
  // After the first paint (a frame, then a task), and then in tasks of at most BUDGET_MS each, so
  // that the page draws and answers input between them.
  requestAnimationFrame(schedule);
  addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => requestAnimationFrame(rememberScreenful), RESIZE_SETTLE_MS);
  });
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  channel.port2.postMessage(null);
}

/** The address's fragment as the browser matches it to an id (as typed when it is not valid UTF-8). */
function fragment() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function step() {
  scheduled = false;
  const until = performance.now() + BUDGET_MS;
  let next = board.querySelector(WAITING);
  while (next && performance.now() < until) {
    unfold(next);
    next = board.querySelector(WAITING);
  }
  if (next) {
    schedule();
    return;
  }
  finished();
  // One lazily drawn group a task, as its full layout follows in the next frame (~10 ms a group).
  const lazy = board.querySelector(LAZY);
  if (lazy) {
    lazy.classList.remove('is-lazy');
    schedule();
  }
}

/**
 * Puts every card still waiting on the page now, drawn lazily until the next tasks draw them in
 * full. Called before every change is applied, so once none is left it reads one attribute, not
 * the board.
 */
export function unfoldAll() {
  if (!board || board.dataset.cards === 'all') return;
  const waiting = board.querySelectorAll(WAITING);
  if (!waiting.length) return;
  for (const element of waiting) unfold(element, true);
  finished();
  schedule();
}

function unfold(element, lazily = false) {
  const template = document.createElement('template');
  template.innerHTML = element.textContent;
  if (lazily) for (const group of template.content.children) group.classList.add('is-lazy');
  element.replaceWith(template.content);
}

function finished() {
  if (board.dataset.cards === 'all') return;
  for (const type of NEEDS) removeEventListener(type, unfoldAll, { capture: true });
  board.dataset.cards = 'all';
  performance.mark('planboard:all-cards');
  // A link to a card that was still waiting when the page loaded: the browser found nothing
  // to scroll to then.
  const card = wanted && document.getElementById(wanted);
  if (card) reveal(card, 3);
  wanted = null;
  requestAnimationFrame(rememberScreenful);
}

/**
 * Keeps, for the server, how many cards a column shows at once here: its tallest list over the
 * shortest step from one card to the next among the first cards (drawn in full), rounded up, at most
 * a group. Read in a frame's callback, where the last layout still holds; written only when it changes.
 */
function rememberScreenful() {
  let height = 0;
  let step = Infinity;
  for (const list of board.querySelectorAll('.tasks')) {
    height = Math.max(height, list.clientHeight);
    const cards = visibleCardsIn(list).slice(0, 12);
    for (let i = 1; i < cards.length; i++) {
      const between = cards[i].getBoundingClientRect().top - cards[i - 1].getBoundingClientRect().top;
      if (between > 0) step = Math.min(step, between);
    }
  }
  if (!height || step === Infinity) return;
  const screenful = Math.min(Math.ceil(height / step), groupSize());
  const kept = document.cookie.split('; ').find((pair) => pair.startsWith(`${SCREENFUL}=`))?.slice(SCREENFUL.length + 1);
  if (kept !== String(screenful)) {
    const secure = location.protocol === 'https:' ? '; secure' : '';
    document.cookie = `${SCREENFUL}=${screenful}; path=/; max-age=34560000; samesite=lax${secure}`;
  }
}

/**
 * Scrolls a card to the middle of its list, and again on the next frames: the cards scrolled past
 * take their real heights only once drawn (content-visibility), which moves the card.
 */
function reveal(card, frames) {
  card.scrollIntoView({ block: 'center' });
  if (frames > 0) requestAnimationFrame(() => reveal(card, frames - 1));
}
