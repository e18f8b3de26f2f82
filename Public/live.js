// Live updates: other tabs' changes, streamed by the server on /events, shown on this page in place
// (reconcile.js, the same path the page's own answers take). A press, a drag, a landing card, an
// open menu or a save is never disturbed: changes wait until the board has settled (state.js).
import { setting } from './config.js';
import { applyChanges, refresh, revision } from './reconcile.js';
import { path } from './routes.js';
import { exclusively, isSettled, state, whenSettled } from './state.js';
import { t } from './strings.js';

/** Changes received and not yet shown, oldest first. */
let queue = [];
/** Set when the server said this page is too far behind (or ahead) to catch up change by change. */
let refreshWanted = false;
/** Whether changes are being shown now: one run at a time, in order. */
let showing = false;
/** @type {WeakMap<HTMLElement, number>} each glowing card's timer, so a second glow ends on time */
const glows = new WeakMap();

/**
 * Starts listening. EventSource reconnects by itself and sends the last event id it saw, so a
 * dropped connection resumes where it stopped.
 * @param {HTMLElement} board the `<main id="board">` of the board page
 * @returns {EventSource}
 */
export function listen(board) {
  const source = new EventSource(`${path('events')}?since=${encodeURIComponent(String(revision()))}`);
  // `data-live` says whether other tabs' changes are arriving (for styles, scripts and tests).
  source.addEventListener('open', () => {
    board.dataset.live = 'connected';
    offline(false);
  });
  source.addEventListener('error', () => {
    board.dataset.live = 'reconnecting';
    offline(true);
    // The browser retries a dropped stream by itself, but gives up for good on some failures (an
    // answer that is not a stream, such as a proxy's 502 while the server restarts, or a blocked
    // request): then start again after a pause, from the revision the page shows.
    if (source.readyState === EventSource.CLOSED) setTimeout(() => listen(board), setting('liveRetry'));
  });
  source.addEventListener('change', (event) => {
    queue.push(JSON.parse(event.data));
    show();
  });
  source.addEventListener('refresh', () => {
    refreshWanted = true;
    queue = [];
    show();
  });
  return source;
}

/** The quiet note that the board is out of reach, made the first time it is needed. */
let note = null;

/**
 * Shows or hides the note that the server is out of reach: as soon as the stream notices, not
 * only when a change fails; it goes away by itself when the stream is back. A polite status, so
 * a screen reader hears it once, without the status bar's weight (nothing to undo or dismiss).
 * @param {boolean} shown
 */
function offline(shown) {
  // Each failed retry says so again: only a change of state is written, so it is announced once.
  if (note ? note.hidden === !shown : !shown) return;
  if (!note) {
    note = document.createElement('p');
    note.className = 'offline-note';
    note.setAttribute('role', 'status');
    document.body.append(note);
  }
  note.textContent = shown ? t('offline') : '';
  note.hidden = !shown;
}

/** Shows what arrived, once the board is settled; what arrives meanwhile follows in the same run. */
async function show() {
  if (showing) return;
  showing = true;
  try {
    while (queue.length || refreshWanted) {
      await whenSettled();
      if (!isSettled()) continue;
      if (refreshWanted) {
        refreshWanted = false;
        queue = [];
        await redraw();
        continue;
      }
      const changes = queue;
      queue = [];
      const touched = applyChanges(changes, { cause: 'live', inOrder: true });
      // The page and the changes disagree (a card they name is missing), or a change touched the
      // whole board: take the whole board.
      if (touched === null) await redraw();
      else touched.forEach(highlight);
    }
  } finally {
    showing = false;
  }
}

/** Shows the whole board from the server; drags wait meanwhile (cards may be replaced). */
async function redraw() {
  const done = await exclusively(async () => {
    try {
      await refresh('live');
    } catch {
      // The next change or the next heartbeat's reconnect tries again.
    }
  });
  if (!done) refreshWanted = true;
}

/** A short glow on a card another tab changed (none under reduced motion: see board.css). */
function highlight(card) {
  // The same card changing twice in a row glows again from the start, without asking the page
  // for a layout (at 3,000 cards one costs 15 ms or more).
  if (card.classList.contains('is-updated')) {
    for (const glow of card.getAnimations()) if (glow.animationName === 'updated-glow') glow.currentTime = 0;
  }
  card.classList.add('is-updated');
  clearTimeout(glows.get(card));
  glows.set(card, setTimeout(() => card.classList.remove('is-updated'), setting('highlight')));
}

if (state.board) listen(state.board);
