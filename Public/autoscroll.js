// Scrolling while a card is carried: a column scrolls when the pointer nears its top or bottom,
// faster the deeper into the edge zone and the longer it is held there (so a column of hundreds
// of cards is crossed in seconds); the board glides sideways near its side edges, or on a phone
// pages to the neighbouring column after a short hold. How wide the edge zones are, how fast they
// scroll and how long a hold takes are the drag's settings (config.js), read once at pickup.

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/**
 * How many times faster than at first an edge scroll runs after being held for `held` ms.
 * @param {number} held
 * @param {{ramp: number, acceleration: number}} settings
 */
export function acceleration(held, settings) {
  return Math.min(settings.acceleration, 1 + held / settings.ramp);
}

/**
 * One frame of edge scrolling for the drag under way. Returns whether anything scrolled (or is
 * about to), so the caller keeps asking for frames.
 * @param {object} drag the pointer drag (see pointer.js): geometry measured at pickup, pointer, target, settings
 * @param {HTMLElement} board
 * @param {number} now the frame's timestamp
 * @param {() => {x: number, y: number, pageX: number}} drift how far things scrolled since pickup
 * @param {() => void} relocate finds the gap again after content moved under the pointer
 */
export function edgeScroll(drag, board, now, drift, relocate) {
  if (drag.outside || !drag.target) {
    drag.edgeSince = 0;
    drag.holdSince = 0;
    return false;
  }
  const { edge, maxSpeed } = drag.settings;
  const elapsed = drag.lastFrame ? Math.min(now - drag.lastFrame, 50) : 16;
  drag.lastFrame = now;
  const moved = drift();
  const { column } = drag.target;
  const top = column.top + moved.y;
  const bottom = column.bottom + moved.y;
  const zone = Math.min(edge, (bottom - top) / 4);
  let active = false;
  const depth = drag.y < top + zone ? -(top + zone - drag.y) / zone : drag.y > bottom - zone ? (drag.y - bottom + zone) / zone : 0;
  if (depth) {
    drag.holdSince ||= now;
    const speed = Math.sign(depth) * Math.min(1, Math.abs(depth)) ** 2 * maxSpeed * acceleration(now - drag.holdSince, drag.settings);
    column.carry += speed * elapsed;
    const step = Math.trunc(column.carry);
    if (step) {
      column.carry -= step;
      const before = column.scroll;
      column.list.scrollTop = before + step;
      column.scroll = column.list.scrollTop;
      active = column.scroll !== before;
      if (active) relocate();
      else drag.holdSince = 0; // reached the end: a new hold starts slow again
    } else {
      active = true;
    }
  } else {
    column.carry = 0;
    drag.holdSince = 0;
  }
  if (active !== drag.scrolling) {
    // While content scrolls under the pointer the gap jumps rather than slides (pointer.js).
    drag.scrolling = active;
  }
  return sideways(drag, board, now, elapsed, moved) || active;
}

/** The board's own sideways scrolling near its left and right edges. */
function sideways(drag, board, now, elapsed, moved) {
  if (drag.pannable <= 0) return false;
  const { edge, maxSpeed, pageDwell, pageAgain } = drag.settings;
  const left = drag.area.left + moved.pageX;
  const right = drag.area.right + moved.pageX;
  const sideZone = Math.min(edge, (right - left) / 8);
  const side = drag.x < left + sideZone ? -1 : drag.x > right - sideZone ? 1 : 0;
  const room = side < 0 ? drag.now.board > 0 : side > 0 && drag.now.board < drag.pannable - 1;
  // How deep into the edge zone, 0 to 1: deeper pages sooner, or glides faster.
  const depth = Math.min(1, side < 0 ? (left + sideZone - drag.x) / sideZone : (drag.x - right + sideZone) / sideZone);
  if (!side || !room) {
    drag.edgeSide = 0;
    return false;
  }
  if (drag.paging) {
    // Snapped columns page one at a time after a hold, like carrying a row on a phone; to go
    // further, move off the edge and back (or keep holding much longer).
    if (drag.edgeSide !== side) {
      drag.edgeSide = side;
      drag.edgeSince = now;
    } else if (now - drag.edgeSince > pageDwell) {
      const page = drag.columns[1] ? drag.columns[1].left - drag.columns[0].left : board.clientWidth;
      board.scrollBy({ left: side * page, behavior: reducedMotion.matches ? 'auto' : 'smooth' });
      drag.edgeSince = now + pageAgain - pageDwell;
    }
  } else {
    board.scrollLeft += side * Math.max(1, depth ** 2 * maxSpeed * elapsed);
  }
  return true;
}
