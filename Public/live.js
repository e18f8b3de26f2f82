// Live updates: other tabs' changes, streamed by the server on /events, applied to this page in
// place. A drag or a save in progress is never disturbed: changes wait until it has settled.
import { cardFrom, cardsIn, refreshCounts, reloadBoard, setRevision } from './board-sync.js';
import { exclusively, isBusy } from './moves.js';
import { state } from './state.js';

const RETRY_WHILE_BUSY = 120; // ms between looks while a drag or save is under way

const board = document.getElementById('board');
/** Changes received and not yet shown, oldest first. */
let queue = [];
/** Set when the server said this page is too far behind (or ahead) to catch up change by change. */
let refreshWanted = false;
/** The revision of the last change shown; the page was drawn at `data-revision`. */
let shown = Number(board?.dataset.revision ?? 0);
let flushTimer = null;
/** The flush under way, if any: flushes run one after another, never side by side. */
let flushing = Promise.resolve();
/** A pointer is down on the board: it may be about to become a drag of a card a change would replace. */
let pressing = false;

/**
 * Starts listening. EventSource reconnects by itself and sends the last event id it saw, so a
 * dropped connection resumes where it stopped.
 * @param {HTMLElement} element the `<main id="board">` of the board page
 * @returns {EventSource}
 */
export function listen(element) {
  element.addEventListener('pointerdown', () => { pressing = true; });
  for (const type of ['pointerup', 'pointercancel']) window.addEventListener(type, () => { pressing = false; });
  const source = new EventSource(`/events?since=${encodeURIComponent(element.dataset.revision ?? '0')}`);
  // `data-live` says whether other tabs' changes are arriving (for styles, scripts and tests).
  source.addEventListener('open', () => { element.dataset.live = 'connected'; });
  source.addEventListener('error', () => { element.dataset.live = 'reconnecting'; });
  source.addEventListener('change', (event) => {
    queue.push(JSON.parse(event.data));
    schedule(0);
  });
  source.addEventListener('refresh', () => {
    refreshWanted = true;
    queue = [];
    schedule(0);
  });
  return source;
}

/** Whether a drag, a keyboard lift or a save is under way: then the page must not change under it. */
function settling() {
  return pressing || isBusy() || state.drag !== null || state.pending !== null || board.getAttribute('aria-busy') === 'true'
    || document.querySelector('.drag-snapshot, .task.is-lifted, .task.is-drag-source, #card-menu-open:not([hidden])') !== null;
}

function schedule(delay) {
  if (flushTimer === null) {
    flushTimer = setTimeout(() => {
      flushTimer = null;
      flushing = flushing.then(flush, flush);
    }, delay);
  }
}

async function flush() {
  if (settling()) {
    schedule(RETRY_WHILE_BUSY);
    return;
  }
  if (refreshWanted || queue.some((change) => change.kind === 'import' || change.kind === 'restore')) {
    queue = [];
    refreshWanted = false;
    await redraw();
    return;
  }
  const changes = queue.filter((change) => change.revision > shown);
  queue = [];
  if (changes.length === 0) return;
  const focusedID = document.activeElement?.closest?.('.task')?.dataset.taskId;
  const touched = [];
  for (const change of changes) {
    const card = apply(change);
    if (card === undefined) {
      // The page and the change disagree (a card it names is missing): draw the board afresh.
      await redraw();
      return;
    }
    if (card) touched.push(card);
    shown = change.revision;
  }
  setRevision(board, Math.max(shown, Number(board.dataset.revision ?? 0)));
  refreshCounts(board);
  if (focusedID && !document.activeElement?.closest?.('.task')) {
    document.getElementById(`task-${focusedID}`)?.focus({ preventScroll: true });
  }
  for (const card of touched) highlight(card);
}

/**
 * Shows one change. Returns the card it placed or redrew, null when it removed one or there was
 * nothing to do, and undefined when the page cannot follow it.
 */
function apply(change) {
  const existing = change.id == null ? null : document.getElementById(`task-${change.id}`);
  if (!change.task) {
    existing?.remove();
    return null;
  }
  let card = existing;
  if (change.html) {
    const fresh = cardFrom(change.html);
    if (!fresh) return undefined;
    // A card that only moved keeps its element (and focus, and any menu opened from it).
    if (!existing || looks(existing) !== looks(fresh)) {
      existing?.replaceWith(fresh);
      card = fresh;
    }
  }
  if (!card) return undefined;
  if (change.placement) {
    const list = board.querySelector(`[data-column="${change.placement.column}"] .tasks`);
    if (!list) return undefined;
    if (change.placement.after == null) {
      list.insertBefore(card, cardsIn(list)[0] ?? null);
    } else {
      const anchor = document.getElementById(`task-${change.placement.after}`);
      if (!anchor || anchor.parentElement !== list) return undefined;
      anchor.after(card);
    }
  } else if (!card.isConnected) {
    return undefined;
  }
  return card;
}

/** What a card shows, to tell whether a change altered it or only moved it. */
function looks(card) {
  return [card.dataset.finished, card.dataset.important, card.querySelector('.task-title')?.textContent,
    card.querySelector('.task-excerpt')?.textContent ?? ''].join('\u0000');
}

/** Redraws the whole board from the server; drags wait meanwhile (the cards are replaced). */
async function redraw() {
  const done = await exclusively(async () => {
    try {
      await reloadBoard(board);
      shown = Number(board.dataset.revision ?? shown);
      // What arrived while the page was being fetched is in the new board already, or comes next.
      queue = queue.filter((change) => change.revision > shown);
    } catch {
      // The next change or the next heartbeat's reconnect tries again.
    }
  });
  if (!done) {
    refreshWanted = true;
    schedule(RETRY_WHILE_BUSY);
  }
}

/** A short glow on a card another tab changed (none under reduced motion: see board.css). */
function highlight(card) {
  card.classList.remove('is-updated');
  void card.offsetWidth; // restart the animation when the same card changes twice in a row
  card.classList.add('is-updated');
  setTimeout(() => card.classList.remove('is-updated'), 1600);
}

if (board) listen(board);
