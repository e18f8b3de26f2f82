// The drag layer: turns the server-drawn board into a drag-and-drop board (mouse, touch, keyboard)
// while its forms keep working without it. It only proposes moves; the server decides, and the
// page then shows what it decided. Events `planboard:pickup|move|drop|cancel|refused` bubble from
// the card for other scripts to hook into.
import { cardsIn, columnName, describeCards, markCurrentTab, positionOf, refreshCounts, titleOf } from './board-sync.js';
import { describe, emit, homeOf, isBusy, restore, saveMove, undo } from './moves.js';
import { say, setupStatus } from './status.js';

const MOUSE_SLOP = 4; // px a mouse must travel before a press becomes a drag
const TOUCH_SLOP = 10; // px a finger may wander during a long-press; more is a swipe (scroll)
const EDGE = 56; // px: the edge zone that scrolls
const MAX_SPEED = 1.6; // px per ms at the very edge
const PAGE_DWELL = 450; // ms to hold halfway into a phone's side edge zone before it pages; deeper pages sooner
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

let board;
/** The press that may become a drag: {card, pointerId, type, x, y, timer}. */
let pending = null;
/** The drag under way (see `beginPointerDrag` and `liftByKey`). */
let drag = null;

/**
 * Turns the board into a drag-and-drop board. Called once for `#board` when this module loads.
 * @param {HTMLElement} element the `<main id="board">` of the board page
 */
export function enhance(element) {
  board = element;
  setupStatus();
  const help = document.createElement('p');
  help.id = 'drag-help';
  help.hidden = true;
  help.textContent = 'Press Space or Enter to pick the task up, arrow keys to move it, Space or Enter to drop it, Escape to cancel.';
  document.body.append(help);
  describeCards(board);
  board.classList.add('drag-ready');

  board.addEventListener('pointerdown', onPointerDown);
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  window.addEventListener('pointercancel', onPointerCancel);
  // Once a long-press has lifted a card, the finger drags it rather than scrolling the page.
  board.addEventListener('touchmove', (event) => {
    if (drag?.type === 'touch' && event.cancelable) event.preventDefault();
  }, { passive: false });
  board.addEventListener('contextmenu', (event) => {
    if (drag || pending?.type === 'touch') event.preventDefault();
  });
  board.addEventListener('dragstart', (event) => event.preventDefault());
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  board.addEventListener('keydown', onCardKey);
  board.addEventListener('focusout', onFocusOut);
  document.addEventListener('keydown', onDocumentKey);
  board.addEventListener('submit', onMoveButton);
  document.querySelector('.undo-form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!drag) undo();
  });
  board.addEventListener('scroll', () => markCurrentTab(board), { passive: true });
  markCurrentTab(board);
}

function refuse(card, via) {
  card.classList.remove('is-refused');
  // Restarting the animation needs one style flush; it happens once per refusal.
  void card.offsetWidth;
  card.classList.add('is-refused');
  setTimeout(() => card.classList.remove('is-refused'), 650);
  const message = `“${titleOf(card)}” is finished, so it can't be moved. Mark it as not finished first.`;
  say(message, { kind: 'error' });
  emit('refused', card, { taskId: card.dataset.taskId, reason: 'finished', message, via });
}

// MARK: - Pointer (mouse, pen, touch)

function onPointerDown(event) {
  if (drag || pending || !event.isPrimary) return;
  if (event.pointerType !== 'touch' && event.button !== 0) return;
  const card = event.target.closest('.task');
  if (!card || event.target.closest('button, input, textarea, select, label')) return;
  if (isBusy()) {
    say('Still saving the last move…');
    return;
  }
  pending = { card, pointerId: event.pointerId, type: event.pointerType, x: event.clientX, y: event.clientY, timer: 0 };
  if (event.pointerType === 'touch') {
    const delay = Number(board.dataset.longPress) || 300;
    pending.timer = setTimeout(() => {
      const press = pending;
      pending = null;
      if (press.card.dataset.finished === 'true') refuse(press.card, 'touch');
      else beginPointerDrag(press);
    }, delay);
  }
}

function dropPending() {
  clearTimeout(pending?.timer);
  pending = null;
}

function onPointerMove(event) {
  if (drag?.pointerId === event.pointerId && drag.type !== 'keyboard') {
    drag.x = event.clientX;
    drag.y = event.clientY;
    schedule();
    return;
  }
  if (!pending || pending.pointerId !== event.pointerId) return;
  const distance = Math.hypot(event.clientX - pending.x, event.clientY - pending.y);
  if (pending.type === 'touch') {
    // Moving before the long-press ends is a swipe: leave it to the browser, which scrolls.
    if (distance > TOUCH_SLOP) dropPending();
  } else if (distance > MOUSE_SLOP) {
    const press = pending;
    dropPending();
    if (press.card.dataset.finished === 'true') refuse(press.card, press.type);
    else beginPointerDrag(press, event.clientX, event.clientY);
  }
}

function onPointerUp(event) {
  if (pending?.pointerId === event.pointerId) dropPending();
  else if (drag?.pointerId === event.pointerId && drag.type !== 'keyboard') finishPointerDrag(false);
}

function onPointerCancel(event) {
  if (pending?.pointerId === event.pointerId) dropPending();
  else if (drag?.pointerId === event.pointerId && drag.type !== 'keyboard') finishPointerDrag(true);
}

/**
 * Measures the board once (every card's box, in its list's scrolled coordinates) so that moving the
 * pointer reads no layout; what scrolls later is tracked from scroll events.
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
    const cards = [];
    const tops = [];
    const heights = [];
    let past = false;
    for (const other of cardsIn(list)) {
      if (other === card) {
        past = true;
        continue;
      }
      const rect = other.getBoundingClientRect();
      cards.push(other);
      // Where each card sits once the lifted one has left its list.
      tops.push(rect.top - inner.top + scroll - (past ? shift : 0));
      heights.push(rect.height);
    }
    return {
      id: section.dataset.column, section, list, left: outer.left, right: outer.right, top: inner.top, bottom: inner.bottom,
      scroll, cards, tops, heights, gap, offsets: new Float64Array(cards.length), carry: 0,
    };
  });
  const area = board.getBoundingClientRect();
  const scrolled = { board: board.scrollLeft, x: scrollX, y: scrollY };
  return { box, shift, columns, area, scrolled, now: { ...scrolled } };
}

function beginPointerDrag(press, x = press.x, y = press.y) {
  const { card } = press;
  const home = homeOf(card);
  const geometry = measure(card);
  const source = geometry.columns.find((column) => column.list === home.list);

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

  drag = {
    type: press.type, pointerId: press.pointerId, card, home, snapshot, placeholder, ...geometry, hadFocus: card.contains(document.activeElement),
    startX: press.x, startY: press.y, x, y, target: null, outside: false, scrolling: false, raf: 0, lastFrame: 0, edgeSince: 0, edgeSide: 0,
    // Paging (a phone's snapped columns) or gliding sideways when the board is wider than the screen.
    paging: getComputedStyle(board).scrollSnapType.startsWith('x'),
    pannable: board.scrollWidth - board.clientWidth,
  };
  try {
    board.setPointerCapture(press.pointerId);
  } catch {
    // The pointer is already gone; the next pointerup or cancel ends the drag.
  }
  getSelection()?.removeAllRanges();
  document.body.append(snapshot);
  card.classList.add('is-drag-source');
  setGap(source, home.position.index);
  document.documentElement.classList.add('is-grabbing');
  // Transitions start only after the first frame, so the opening gap does not animate in.
  requestAnimationFrame(() => requestAnimationFrame(() => drag?.card === card && board.classList.add('is-dragging')));
  schedule();
  if (press.type === 'touch' && navigator.userActivation?.hasBeenActive) navigator.vibrate?.(15);
  emit('pickup', card, { taskId: card.dataset.taskId, from: home.position, via: press.type });
}

function schedule() {
  if (drag && !drag.raf) drag.raf = requestAnimationFrame(frame);
}

/** One frame of a pointer drag: the snapshot follows, the gap moves, edges scroll. No layout reads. */
function frame(now) {
  if (!drag) return;
  drag.raf = 0;
  const { x, y } = drag;
  drag.snapshot.style.transform = `translate3d(${x - drag.startX}px, ${y - drag.startY}px, 0) scale(1.03)`;
  const place = locate(x, y);
  const outside = !place;
  if (outside !== drag.outside) {
    drag.outside = outside;
    drag.snapshot.classList.toggle('is-outside', outside);
  }
  const column = place?.column ?? drag.columns.find((c) => c.list === drag.home.list);
  const index = place ? place.index : drag.home.position.index;
  if (column !== drag.target?.column || index !== drag.target.index) {
    setGap(column, index);
    emit('move', drag.card, { taskId: drag.card.dataset.taskId, from: drag.home.position, to: targetPosition(), outside, via: drag.type });
  }
  if (edgeScroll(now)) schedule();
  else drag.lastFrame = 0;
}

/** How far the board and page have scrolled since pickup, from the offsets scroll events left. */
function drift() {
  const { scrolled, now } = drag;
  return { x: scrolled.board - now.board + scrolled.x - now.x, y: scrolled.y - now.y, pageX: scrolled.x - now.x };
}

/** The column and index under the pointer, or null outside the board. Reads cached boxes only. */
function locate(x, y) {
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
  let low = 0;
  let high = best.cards.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const centre = best.tops[middle] + best.heights[middle] / 2 + (middle >= gapAt ? drag.shift : 0);
    if (centre < along) low = middle + 1;
    else high = middle;
  }
  return { column: best, index: low };
}

function targetPosition() {
  const { column, index } = drag.target;
  return {
    column: column.id, index, count: column.cards.length + 1,
    after: index > 0 ? column.cards[index - 1].dataset.taskId : '',
  };
}

/** Opens the gap at `index` of `column`: cards from there move down, the placeholder fills it. */
function setGap(column, index) {
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
  const end = count ? column.tops[count - 1] + column.heights[count - 1] + column.gap : 0;
  const top = index < count ? column.tops[index] : end;
  // The placeholder sits at the end of the list (so the list grows by one card) and is drawn at the gap.
  drag.placeholder.style.transform = top === end ? '' : `translateY(${top - end}px)`;
  drag.target = { column, index };
}

function shiftCards(column, from) {
  const { cards, offsets } = column;
  for (let k = 0; k < cards.length; k++) {
    const want = k >= from ? drag.shift : 0;
    if (offsets[k] !== want) {
      offsets[k] = want;
      if (want) cards[k].style.transform = `translateY(${want}px)`;
      else cards[k].removeAttribute('style'); // back to the server's markup
    }
  }
}

/** Scrolls the column (and the board, sideways) when the pointer is near an edge; true while it does. */
function edgeScroll(now) {
  if (drag.outside || !drag.target) {
    drag.edgeSince = 0;
    return false;
  }
  const elapsed = drag.lastFrame ? Math.min(now - drag.lastFrame, 50) : 16;
  drag.lastFrame = now;
  const moved = drift();
  const { column } = drag.target;
  const top = column.top + moved.y;
  const bottom = column.bottom + moved.y;
  const zone = Math.min(EDGE, (bottom - top) / 4);
  let active = false;
  const depth = drag.y < top + zone ? -(top + zone - drag.y) / zone : drag.y > bottom - zone ? (drag.y - bottom + zone) / zone : 0;
  if (depth) {
    const speed = Math.sign(depth) * Math.min(1, Math.abs(depth)) ** 2 * MAX_SPEED;
    column.carry += speed * elapsed;
    const step = Math.trunc(column.carry);
    if (step) {
      column.carry -= step;
      const before = column.scroll;
      column.list.scrollTop = before + step;
      column.scroll = column.list.scrollTop;
      active = column.scroll !== before;
      if (active) locateAgain();
    } else {
      active = true;
    }
  } else {
    column.carry = 0;
  }
  if (active !== drag.scrolling) {
    // While content scrolls under the pointer the gap jumps rather than slides: sliding cards
    // that scroll away anyway would cost a style pass over every moving card each frame.
    drag.scrolling = active;
    board.classList.toggle('is-autoscrolling', active);
  }

  if (drag.pannable > 0) {
    const left = drag.area.left + moved.pageX;
    const right = drag.area.right + moved.pageX;
    const sideZone = Math.min(EDGE, (right - left) / 8);
    const side = drag.x < left + sideZone ? -1 : drag.x > right - sideZone ? 1 : 0;
    const room = side < 0 ? drag.now.board > 0 : side > 0 && drag.now.board < drag.pannable - 1;
    // How deep into the edge zone, 0 to 1: deeper pages sooner, or glides faster.
    const depthX = Math.min(1, side < 0 ? (left + sideZone - drag.x) / sideZone : (drag.x - right + sideZone) / sideZone);
    if (side && room && drag.paging) {
      // Snapped columns page one at a time after a short hold, like carrying a row on a phone.
      if (drag.edgeSide !== side) {
        drag.edgeSide = side;
        drag.edgeSince = now;
      } else if (now - drag.edgeSince > PAGE_DWELL * (1.5 - depthX)) {
        const page = drag.columns[1] ? drag.columns[1].left - drag.columns[0].left : board.clientWidth;
        board.scrollBy({ left: side * page, behavior: reducedMotion.matches ? 'auto' : 'smooth' });
        drag.edgeSince = now + 250;
      }
      active = true;
    } else if (side && room) {
      board.scrollLeft += side * Math.max(1, depthX ** 2 * MAX_SPEED * elapsed);
      active = true;
    } else {
      drag.edgeSide = 0;
    }
  }
  return active;
}

/** After content scrolled under a still pointer, the gap follows it. */
function locateAgain() {
  const place = locate(drag.x, drag.y);
  if (place && (place.column !== drag.target.column || place.index !== drag.target.index)) {
    setGap(place.column, place.index);
    emit('move', drag.card, { taskId: drag.card.dataset.taskId, from: drag.home.position, to: targetPosition(), outside: false, via: drag.type });
  }
}

function onScroll(event) {
  if (!drag || drag.type === 'keyboard') return;
  const target = event.target;
  if (target === board) drag.now.board = board.scrollLeft;
  else if (target === document) Object.assign(drag.now, { x: scrollX, y: scrollY });
  else {
    const column = drag.columns.find((c) => c.list === target);
    if (column) column.scroll = target.scrollTop;
  }
  schedule();
}

function clearGap() {
  for (const column of drag.columns) {
    shiftCards(column, Infinity);
    column.section.classList.remove('is-drop-target');
  }
  drag.placeholder.remove();
}

/** Ends a pointer drag: drops where the gap is, or puts the card back when cancelled or outside. */
function finishPointerDrag(cancelled) {
  const current = drag;
  cancelAnimationFrame(current.raf);
  const { card, snapshot, home } = current;
  const target = current.target;
  const cancel = cancelled || current.outside || !target;
  board.classList.remove('is-dragging', 'is-autoscrolling');
  document.documentElement.classList.remove('is-grabbing');
  clearGap();
  if (!cancel) target.column.list.insertBefore(card, target.column.cards[target.index] ?? null);
  card.classList.remove('is-drag-source');
  drag = null;
  try {
    board.releasePointerCapture(current.pointerId);
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
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    snapshot.remove();
    card.classList.remove('is-landing');
  };
  snapshot.addEventListener('transitionend', finish, { once: true });
  setTimeout(finish, 300);
}

// MARK: - Keyboard

function onCardKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const card = event.target;
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
  if ((event.key === ' ' || event.key === 'Enter') && card.classList?.contains('task') && !drag && !pending) {
    event.preventDefault();
    if (isBusy()) say('Still saving the last move…');
    else if (card.dataset.finished === 'true') refuse(card, 'keyboard');
    else liftByKey(card);
  }
}

function liftByKey(card) {
  const home = homeOf(card);
  drag = { type: 'keyboard', card, home, pointerId: null };
  card.classList.add('is-lifted');
  say(`Picked up “${titleOf(card)}”. ${describe(home.position)} Arrow keys move it, Space or Enter drops it, Escape cancels.`, { sticky: true });
  emit('pickup', card, { taskId: card.dataset.taskId, from: home.position, via: 'keyboard' });
}

/** Runs `change` (a DOM move) and slides the given elements from where they were to where they are. */
function slide(elements, change) {
  if (reducedMotion.matches) {
    change();
    return;
  }
  const before = elements.map((element) => element.getBoundingClientRect());
  change();
  elements.forEach((element, i) => {
    const after = element.getBoundingClientRect();
    const dx = before[i].left - after.left;
    const dy = before[i].top - after.top;
    if (dx || dy) element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: 160, easing: 'ease-out' });
  });
}

function moveByKey(across, along) {
  const { card } = drag;
  const list = card.parentElement;
  const cards = cardsIn(list);
  const index = cards.indexOf(card);
  if (along) {
    const other = cards[index + along];
    if (!other) {
      say(`${along < 0 ? 'Already first' : 'Already last'} in ${columnName(positionOf(card).column)}.`, { sticky: true });
      return;
    }
    // Moving the neighbour rather than the card keeps focus on the card.
    slide([card, other], () => (along < 0 ? card.after(other) : card.before(other)));
  } else {
    const sections = Array.from(board.querySelectorAll('.column'));
    const section = sections[sections.indexOf(list.closest('.column')) + across];
    if (!section) {
      say(`Already in the ${across < 0 ? 'first' : 'last'} column.`, { sticky: true });
      return;
    }
    const targetList = section.querySelector('.tasks');
    const targetCards = cardsIn(targetList);
    drag.moving = true;
    slide([card], () => targetList.insertBefore(card, targetCards[Math.min(index, targetCards.length)] ?? null));
    card.focus({ preventScroll: true });
    drag.moving = false;
  }
  card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const position = positionOf(card);
  refreshCounts(board);
  say(`“${titleOf(card)}”: ${describe(position)}`, { sticky: true });
  emit('move', card, { taskId: card.dataset.taskId, from: drag.home.position, to: position, via: 'keyboard' });
}

function endKeyboardDrag() {
  const current = drag;
  drag = null;
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
  if (drag?.type === 'keyboard' && event.target === drag.card && !drag.moving && event.relatedTarget !== drag.card) {
    cancelByKey('blur');
  }
}

function onDocumentKey(event) {
  if (event.key === 'Escape' && drag && drag.type !== 'keyboard') {
    event.preventDefault();
    finishPointerDrag(true);
    return;
  }
  const editing = event.target.closest?.('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z' && !editing) {
    event.preventDefault();
    if (!drag) undo();
  }
}

// MARK: - The buttons on each card (↑, ↓, → column), redone from the order shown now

function onMoveButton(event) {
  const form = event.target;
  const kind = form.dataset?.move;
  if (!kind) return;
  event.preventDefault();
  if (drag || isBusy()) {
    say('Still saving the last move…');
    return;
  }
  const card = form.closest('.task');
  const home = homeOf(card);
  const cards = cardsIn(home.list);
  const index = cards.indexOf(card);
  const focused = document.activeElement;
  let change = null;
  if (kind === 'up' && index > 0) change = () => cards[index - 1].before(card);
  else if (kind === 'down' && index < cards.length - 1) change = () => cards[index + 1].after(card);
  else if (kind === 'column') {
    const list = board.querySelector(`[data-column="${form.elements.column.value}"] .tasks`);
    if (list && list !== home.list) change = () => list.append(card);
  }
  if (!change) {
    say(`“${titleOf(card)}” is already there.`);
    return;
  }
  slide([card], change);
  (focused?.isConnected && card.contains(focused) ? focused : card).focus({ preventScroll: true });
  card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  saveMove(card, home, 'button', null);
}

const element = document.getElementById('board');
if (element) enhance(element);
