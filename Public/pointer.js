// Carrying a card with a mouse, pen or finger: a press becomes a drag after a few pixels (mouse)
// or a long press (touch, so a swipe still scrolls); a snapshot follows the pointer, a gap opens
// where the card would land, and the drop is saved (moves.js). Layout is read once at pickup;
// each frame then works from those numbers and the scroll offsets scroll events report. The window
// is listened to only while a press or a drag is under way; an idle board costs no pointer handler.
import { edgeScroll } from './autoscroll.js';
import { listOfCard, offsetInList, putCard, visibleCardsIn } from './cards.js';
import { setting, settings } from './config.js';
import { emit } from './events.js';
import { homeOf, saveMove } from './moves.js';
import { isBusy, isPressed, setDrag, setLanding, setPending, setPressed, state } from './state.js';
import { say } from './status.js';
import { t } from './strings.js';

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

let board;
let refuse;

/**
 * Listens for presses on the board's cards.
 * @param {HTMLElement} element the board
 * @param {(card: HTMLElement, via: string) => void} refuseFinished shakes a finished card that was grabbed
 */
export function setupPointer(element, refuseFinished) {
  board = element;
  refuse = refuseFinished;
  board.addEventListener('pointerdown', onPointerDown);
  // Once a long-press has lifted a card, the finger drags it rather than scrolling the page.
  board.addEventListener('touchmove', (event) => {
    if (state.drag?.type === 'touch' && event.cancelable) event.preventDefault();
  }, { passive: false });
  board.addEventListener('contextmenu', (event) => {
    if (state.drag || state.pending?.type === 'touch') event.preventDefault();
  });
  board.addEventListener('dragstart', (event) => event.preventDefault());
}

/** What the window and document are listened to for, while a press or a drag is under way. */
const whilePressed = [['pointermove', onPointerMove], ['pointerup', onPointerUp], ['pointercancel', onPointerCancel]];
const whileDragging = [['scroll', onScroll, { capture: true, passive: true }], ['keydown', onKeyDown]];

/** Listens to the window while a pointer is pressed on the board or a card is carried, and only then. */
function followPointer(on) {
  for (const [type, handler] of whilePressed) {
    if (on) window.addEventListener(type, handler);
    else window.removeEventListener(type, handler);
  }
}

function followDrag(on) {
  for (const [type, handler, options] of whileDragging) {
    if (on) document.addEventListener(type, handler, options);
    else document.removeEventListener(type, handler, options);
  }
}

function onKeyDown(event) {
  if (event.key === 'Escape' && state.drag && state.drag.type !== 'keyboard') {
    event.preventDefault();
    finishPointerDrag(true);
  }
}

/** A pointer came up or was cancelled: once none is pressed and nothing is carried, the window is left alone. */
function released(event) {
  setPressed(event.pointerId, false);
  if (!isPressed() && !state.drag && !state.pending) followPointer(false);
}

function onPointerDown(event) {
  // Any press on the board (a card, its buttons, a column) holds live changes back until it ends.
  if (!isPressed()) followPointer(true);
  setPressed(event.pointerId, true, event.isPrimary);
  if (state.drag || state.pending || !event.isPrimary) return;
  if (event.pointerType !== 'touch' && event.button !== 0) return;
  const card = event.target.closest('.task');
  if (!card || event.target.closest('button, input, textarea, select, label, .task-more')) return;
  if (isBusy()) {
    say(t('busy'));
    return;
  }
  const touch = event.pointerType === 'touch';
  const pending = {
    card, pointerId: event.pointerId, type: event.pointerType, x: event.clientX, y: event.clientY, timer: 0,
    slop: setting(touch ? 'touchSlop' : 'mouseSlop'),
  };
  setPending(pending);
  if (touch) {
    pending.timer = setTimeout(() => {
      setPending(null);
      if (pending.card.dataset.finished === 'true') refuse(pending.card, 'touch');
      else beginPointerDrag(pending);
    }, setting('longPress'));
  }
}

function dropPending() {
  clearTimeout(state.pending?.timer);
  setPending(null);
}

function onPointerMove(event) {
  const drag = state.drag;
  if (drag?.pointerId === event.pointerId && drag.type !== 'keyboard') {
    drag.x = event.clientX;
    drag.y = event.clientY;
    schedule();
    return;
  }
  const pending = state.pending;
  if (!pending || pending.pointerId !== event.pointerId) return;
  const distance = Math.hypot(event.clientX - pending.x, event.clientY - pending.y);
  if (pending.type === 'touch') {
    // Moving before the long-press ends is a swipe: leave it to the browser, which scrolls.
    if (distance > pending.slop) dropPending();
  } else if (distance > pending.slop) {
    dropPending();
    if (pending.card.dataset.finished === 'true') refuse(pending.card, pending.type);
    else beginPointerDrag(pending, event.clientX, event.clientY);
  }
}

function onPointerUp(event) {
  if (state.pending?.pointerId === event.pointerId) dropPending();
  else if (state.drag?.pointerId === event.pointerId && state.drag.type !== 'keyboard') finishPointerDrag(false);
  released(event);
}

function onPointerCancel(event) {
  if (state.pending?.pointerId === event.pointerId) dropPending();
  else if (state.drag?.pointerId === event.pointerId && state.drag.type !== 'keyboard') finishPointerDrag(true);
  released(event);
}

/**
 * Measures the board once (every shown card's box, in its list's scrolled coordinates) so that
 * moving the pointer reads no layout; what scrolls later is tracked from scroll events.
 */
function measure(card) {
  const box = card.getBoundingClientRect();
  const gap = parseFloat(getComputedStyle(card.parentElement).rowGap) || 0;
  const shift = box.height + gap;
  const columns = Array.from(board.querySelectorAll('.column'), (section) => {
    const list = section.querySelector('.tasks');
    const outer = section.getBoundingClientRect();
    const inner = list.getBoundingClientRect();
    const scroll = list.scrollTop;
    const cards = visibleCardsIn(list).filter((other) => other !== card);
    const column = {
      id: section.dataset.column, section, list, left: outer.left, right: outer.right, top: inner.top, bottom: inner.bottom,
      scroll, cards, tops: [], heights: [], gap, offsets: new Float64Array(cards.length), carry: 0, stale: false,
    };
    placeCards(column, card, shift);
    return column;
  });
  const area = board.getBoundingClientRect();
  const scrolled = { board: board.scrollLeft, x: scrollX, y: scrollY };
  return { box, shift, columns, area, scrolled, now: { ...scrolled } };
}

/**
 * Where each card of `column` sits once the lifted `card` has left its list, in the list's
 * scrolled coordinates: its offset in the list (`offsetInList`), which the transforms drawing the
 * gap do not move. A card the browser has not drawn yet
 * (`content-visibility: auto`, off screen) has an estimated height until it scrolls into view,
 * so a column is measured again after it scrolls (`stale`); by then the lifted card is out of
 * the flow (`is-drag-source`) and nothing is taken back out for it.
 */
function placeCards(column, card, shift) {
  const inFlow = listOfCard(card) === column.list && card.offsetParent !== null;
  const liftedAt = inFlow ? offsetInList(card) : Infinity;
  const before = column.tops;
  column.tops = column.cards.map((other) => {
    const top = offsetInList(other);
    return top > liftedAt ? top - shift : top;
  });
  column.heights = column.cards.map((other) => other.getBoundingClientRect().height);
  // Where the drop placeholder rests, read with the cards' places (cards drawn for the first time
  // in between would move one and not the other); null when it is in another column (`setGap`).
  const placeholder = state.drag?.placeholder;
  const end = placeholder?.parentElement === column.list ? placeholder.offsetTop : null;
  // Cards scrolled into view are drawn (and take their real height) in the frame after the one
  // that scrolled them there, so a column whose cards moved since the last measure is measured
  // again on the next frame, until they hold still (`settle` bounds it).
  const moved = end !== column.end || before.length !== column.tops.length || column.tops.some((top, k) => top !== before[k]);
  column.end = end;
  column.settle = moved ? Math.max(0, (column.settle ?? 0) - 1) : 0;
  column.stale = column.settle > 0;
  return moved;
}

/** How many frames a scrolled column is measured again at most while its cards are first drawn. */
const settleFrames = 6;

function beginPointerDrag(press, x = press.x, y = press.y) {
  const { card } = press;
  const home = homeOf(card);
  const geometry = measure(card);
  const source = geometry.columns.find((column) => column.list === home.list);
  const sourceIndex = visibleCardsIn(home.list).indexOf(card);

  const snapshot = card.cloneNode(true);
  snapshot.removeAttribute('id');
  for (const element of snapshot.querySelectorAll('[id]')) element.removeAttribute('id');
  snapshot.removeAttribute('tabindex');
  snapshot.setAttribute('aria-hidden', 'true');
  snapshot.inert = true;
  snapshot.classList.add('drag-snapshot');
  Object.assign(snapshot.style, {
    left: `${geometry.box.left}px`, top: `${geometry.box.top}px`, width: `${geometry.box.width}px`, height: `${geometry.box.height}px`,
  });
  const placeholder = document.createElement('li');
  placeholder.className = 'drop-placeholder';
  placeholder.setAttribute('aria-hidden', 'true');
  placeholder.style.height = `${geometry.box.height}px`;

  const drag = {
    type: press.type, pointerId: press.pointerId, card, home, snapshot, placeholder, ...geometry, hadFocus: card.contains(document.activeElement),
    startX: press.x, startY: press.y, x, y, target: null, outside: false, scrolling: false, sliding: false, slid: new Set(), raf: 0, lastFrame: 0,
    edgeSince: 0, edgeSide: 0, holdSince: 0, sourceIndex,
    // Paging (a phone's snapped columns) or gliding sideways when the board is wider than the screen.
    paging: getComputedStyle(board).scrollSnapType.startsWith('x'),
    pannable: board.scrollWidth - board.clientWidth,
    // The tunables, read once for the whole gesture (autoscroll.js reads them every frame).
    settings: settings(),
  };
  setDrag(drag);
  followDrag(true);
  watchGroups(drag);
  getSelection()?.removeAllRanges();
  document.body.append(snapshot);
  // The snapshot holds the pointer until the drop: its events come to it wherever the pointer goes,
  // and Chromium shows the capturing element's cursor (`.drag-snapshot`, a grabbing hand) over the
  // whole page. A class on the board or the page for that hand restyled every card at pickup and
  // at the drop (60–170 ms at 3,000 cards, measured in the page).
  try {
    snapshot.setPointerCapture(press.pointerId);
  } catch {
    // The pointer is already gone; the next pointerup or cancel ends the drag.
  }
  card.classList.add('is-drag-source');
  setGap(source, sourceIndex);
  // Cards slide only after the first frame, so the opening gap does not animate in.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (state.drag?.card === card) state.drag.sliding = !reducedMotion.matches;
  }));
  schedule();
  if (press.type === 'touch' && navigator.userActivation?.hasBeenActive) navigator.vibrate?.(15);
  emit('pickup', card, { taskId: card.dataset.taskId, from: home.position, via: press.type });
}

/**
 * A card drawn for the first time while the drag is under way (content-visibility: it scrolled
 * near) takes its real height then, which moves every card below it and the end of its list, where
 * the gap's placeholder sits: a column whose group changed height is measured again. This may be
 * frames after the scroll that brought it near, so counting frames after a scroll (`settle`) is
 * not enough. The observer's first report (every group, as it starts watching) is not a change.
 */
function watchGroups(drag) {
  let first = true;
  drag.groups = new ResizeObserver((entries) => {
    if (first) {
      first = false;
      return;
    }
    for (const entry of entries) {
      const column = drag.columns.find((c) => c.list === entry.target.parentElement);
      if (!column) continue;
      column.stale = true;
      column.settle = settleFrames;
    }
    schedule();
  });
  for (const column of drag.columns) {
    for (const group of column.list.children) if (group.classList.contains('task-group')) drag.groups.observe(group);
  }
}

function schedule() {
  const drag = state.drag;
  if (drag && drag.type !== 'keyboard' && !drag.raf) drag.raf = requestAnimationFrame(frame);
}

/**
 * One frame of a pointer drag: the snapshot follows, the gap moves, edges scroll. No layout reads,
 * but for a column that scrolled since the last frame (its newly shown cards' real heights).
 */
function frame(now) {
  const drag = state.drag;
  if (!drag || drag.type === 'keyboard') return;
  drag.raf = 0;
  const remeasured = remeasureScrolled();
  const { x, y } = drag;
  drag.snapshot.style.transform = `translate3d(${x - drag.startX}px, ${y - drag.startY}px, 0) scale(1.03)`;
  const place = locate(x, y);
  const outside = !place;
  if (outside !== drag.outside) {
    drag.outside = outside;
    drag.snapshot.classList.toggle('is-outside', outside);
  }
  const column = place?.column ?? drag.columns.find((c) => c.list === drag.home.list);
  const index = place ? place.index : drag.sourceIndex;
  if (column !== drag.target?.column || index !== drag.target.index) {
    setGap(column, index);
    emit('move', drag.card, { taskId: drag.card.dataset.taskId, from: drag.home.position, to: targetPosition(), outside, via: drag.type });
  } else if (remeasured.has(column) || column.scroll !== column.nearAt) {
    // Same place, but the cards around it moved, or the list scrolled other cards within reach:
    // the gap is drawn there again.
    setGap(column, index);
  }
  const scrolling = edgeScroll(drag, board, now, drift, locateAgain);
  if (!scrolling) drag.lastFrame = 0;
  if (scrolling || drag.columns.some((c) => c.stale)) schedule();
}

/** How far the board and page have scrolled since pickup, from the offsets scroll events left. */
function drift() {
  const { scrolled, now } = state.drag;
  return { x: scrolled.board - now.board + scrolled.x - now.x, y: scrolled.y - now.y, pageX: scrolled.x - now.x };
}

/** The column and index under the pointer, or null outside the board. Reads cached boxes only. */
function locate(x, y) {
  const drag = state.drag;
  const moved = drift();
  const area = { left: drag.area.left + moved.pageX, right: drag.area.right + moved.pageX, top: drag.area.top + moved.y, bottom: drag.area.bottom + moved.y };
  if (x < area.left || x > area.right || y < area.top || y > area.bottom) return null;
  let best = null;
  let bestDistance = Infinity;
  for (const column of drag.columns) {
    const left = Math.max(column.left + moved.x, area.left);
    const right = Math.min(column.right + moved.x, area.right);
    if (right - left < 1) continue; // scrolled out of view (a phone's other columns)
    const distance = x < left ? left - x : x > right ? x - right : 0;
    if (distance < bestDistance) {
      best = column;
      bestDistance = distance;
    }
  }
  if (!best) return null;
  const along = y - (best.top + moved.y) + best.scroll;
  // Compare with the cards where they are drawn now (those past the gap are pushed down), which
  // gives the gap some stickiness instead of flickering at a card's middle.
  const gapAt = best === drag.target?.column ? drag.target.index : best.cards.length;
  const { tops, heights } = best;
  const index = firstIndex(tops.length, (k) => tops[k] + heights[k] / 2 + (k >= gapAt ? drag.shift : 0) >= along);
  return { column: best, index };
}

function targetPosition() {
  const { column, index } = state.drag.target;
  return {
    column: column.id, index, count: column.cards.length + 1,
    after: index > 0 ? column.cards[index - 1].dataset.taskId : '',
  };
}

/** Opens the gap at `index` of `column`: cards from there move down, the placeholder fills it. */
function setGap(column, index) {
  const drag = state.drag;
  const previous = drag.target;
  if (previous && previous.column !== column) {
    shiftCards(previous.column, Infinity);
    previous.column.section.classList.remove('is-drop-target');
  }
  if (previous?.column !== column) {
    column.list.append(drag.placeholder);
    column.section.classList.add('is-drop-target');
  }
  shiftCards(column, index);
  const count = column.cards.length;
  // The placeholder sits at the end of the list (so the list grows by one card) and is drawn at the
  // gap. Where the end is, is read from the page when the placeholder enters the column and each
  // time the column is measured (`placeCards`).
  column.end ??= drag.placeholder.offsetTop;
  const end = column.end;
  const top = index < count ? column.tops[index] : end;
  drag.placeholder.style.transform = top === end ? '' : `translateY(${top - end}px)`;
  drag.target = { column, index };
}

/**
 * Moves the column's cards from `from` on down by the gap, and the others back. They slide there
 * (`.is-sliding`, a transition) once the drag is under way, unless content is scrolling under the
 * pointer (sliding cards that scroll away anyway costs a style pass each frame) or `jump` is asked.
 * Only the cards within reach of the list's visible part are moved (`reach`): the rest are out of
 * sight, and moving every card below the gap restyled and laid out a thousand cards at pickup and
 * again at the drop in a long column. As the list scrolls, cards coming within reach are moved at
 * once (no slide) and those leaving it go back. The state is kept on each card moved, never on
 * the board: a class on the board restyles every card at once (some 50 ms at 3,000 cards).
 */
function shiftCards(column, from, jump = false) {
  const drag = state.drag;
  const slide = !jump && drag.sliding && !drag.scrolling;
  const { cards, offsets } = column;
  const [wasLow, wasHigh] = column.near ?? [0, 0];
  const [low, high] = reach(column);
  column.near = [low, high];
  column.nearAt = column.scroll;
  for (let k = 0; k < cards.length; k++) {
    const near = k >= low && k < high;
    const want = near && k >= from ? drag.shift : 0;
    if (offsets[k] !== want) {
      offsets[k] = want;
      const card = cards[k];
      if (slide && near && k >= wasLow && k < wasHigh) {
        card.classList.add('is-sliding');
        drag.slid.add(card);
      } else if (drag.slid.delete(card)) {
        card.classList.remove('is-sliding');
      }
      if (want) card.style.transform = `translateY(${want}px)`;
      else card.style.removeProperty('transform');
      // Back to the server's markup. (Chromium writes a style set from script into the attribute
      // only when the attribute is read: `hasAttribute` does that, so that the attribute is there
      // to remove; otherwise it comes back later as `style=""`.)
      if (!card.style.length && card.hasAttribute('style')) card.removeAttribute('style');
    }
  }
}

/**
 * The cards of `column` (as indexes, low to high exclusive) that are in view or within one list
 * height above or below it, from the measured places and the list's scroll offset. The margin is
 * what a scroll can bring into view before the next frame moves the cards that came within reach.
 */
function reach(column) {
  const { tops, heights, scroll } = column;
  const height = column.bottom - column.top;
  const from = scroll - height;
  const to = scroll + 2 * height;
  return [firstIndex(tops.length, (k) => tops[k] + heights[k] >= from), firstIndex(tops.length, (k) => tops[k] > to)];
}

/** The first index below `count` for which `test` holds (it holds for every index after it), or `count`. */
function firstIndex(count, test) {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (test(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Measures again the columns that scrolled (`placeCards`). */
function remeasureScrolled() {
  const drag = state.drag;
  const moved = new Set();
  for (const column of drag.columns) if (column.stale && placeCards(column, drag.card, drag.shift)) moved.add(column);
  return moved;
}

/** After content scrolled under a still pointer, the gap follows it. */
function locateAgain() {
  const drag = state.drag;
  const remeasured = remeasureScrolled();
  const place = locate(drag.x, drag.y);
  if (place && (place.column !== drag.target.column || place.index !== drag.target.index)) {
    setGap(place.column, place.index);
    emit('move', drag.card, { taskId: drag.card.dataset.taskId, from: drag.home.position, to: targetPosition(), outside: false, via: drag.type });
  } else if (remeasured.has(drag.target.column)) {
    setGap(drag.target.column, drag.target.index);
  }
}

function onScroll(event) {
  const drag = state.drag;
  if (!drag || drag.type === 'keyboard') return;
  const target = event.target;
  if (target === board) drag.now.board = board.scrollLeft;
  else if (target === document) Object.assign(drag.now, { x: scrollX, y: scrollY });
  else {
    const column = drag.columns.find((c) => c.list === target);
    if (column) {
      column.scroll = target.scrollTop;
      column.stale = true;
      column.settle = settleFrames;
    }
  }
  schedule();
}

function clearGap() {
  const drag = state.drag;
  for (const column of drag.columns) {
    shiftCards(column, Infinity, true);
    column.section.classList.remove('is-drop-target');
  }
  for (const card of drag.slid) card.classList.remove('is-sliding');
  drag.slid.clear();
  drag.placeholder.remove();
}

/** Ends a pointer drag: drops where the gap is, or puts the card back when cancelled or outside. */
function finishPointerDrag(cancelled) {
  const current = state.drag;
  cancelAnimationFrame(current.raf);
  const { card, snapshot, home } = current;
  const target = current.target;
  const cancel = cancelled || current.outside || !target;
  clearGap();
  if (!cancel) putCard(card, target.column.list, target.column.cards[target.index] ?? null);
  card.classList.remove('is-drag-source');
  current.groups.disconnect();
  setDrag(null);
  followDrag(false);
  try {
    snapshot.releasePointerCapture(current.pointerId);
  } catch {
    // Already released.
  }
  // The click that follows a mouse drag must not open the task.
  const swallow = (event) => {
    event.preventDefault();
    event.stopPropagation();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
  land(snapshot, card, current.box);
  if (current.hadFocus) card.focus({ preventScroll: true });
  saveMove(card, home, current.type, cancel ? (cancelled ? 'escape' : 'outside') : null);
}

/** The snapshot glides into the card's place (`origin` is where it was drawn from), then goes. */
function land(snapshot, card, origin) {
  const box = card.getBoundingClientRect();
  if (reducedMotion.matches || !box.width) {
    snapshot.remove();
    return;
  }
  card.classList.add('is-landing');
  snapshot.classList.add('is-landing');
  snapshot.style.transform = `translate3d(${box.left - origin.left}px, ${box.top - origin.top}px, 0)`;
  setLanding(true);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    snapshot.remove();
    card.classList.remove('is-landing');
    setLanding(false);
  };
  snapshot.addEventListener('transitionend', finish, { once: true });
  setTimeout(finish, setting('landing'));
}
