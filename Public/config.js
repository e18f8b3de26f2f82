// The drag layer's tunables, in one place: how long things take, how far a pointer may wander, how
// fast edges scroll. Each can be changed for one page without touching the scripts, by a `data-`
// attribute on the board named after it (`data-long-press="500"` for `longPress`), read when it is
// used; a value that is not a positive number leaves the default.

/** The defaults. Times are in milliseconds, distances in CSS pixels, speeds in px per ms. */
export const config = Object.freeze({
  /** A request to the server that has not been answered by then is given up. */
  requestTimeout: 15000,
  /** How long a finger must rest on a card before it lifts (a quicker move is a swipe: it scrolls). */
  longPress: 300,
  /** How far a pressed mouse must travel before the press becomes a drag. */
  mouseSlop: 4,
  /** How far a finger may wander during a long press; more is a swipe. */
  touchSlop: 10,
  /** The edge zone of a column (and of the board's sides) that scrolls while a card is carried. */
  edge: 56,
  /** The edge scroll's speed at the very edge, when the hold begins. */
  maxSpeed: 1.6,
  /** Holding this long adds another `maxSpeed`, up to `acceleration` times. */
  ramp: 700,
  acceleration: 4,
  /** How long a card is held in a phone's side edge before the board pages to the next column. */
  pageDwell: 600,
  /** How much longer the same hold takes to page again: one hold, one column. */
  pageAgain: 1600,
  /** How long a dropped card's snapshot may take to glide into place. */
  landing: 300,
  /** How long a card slides when the keyboard or the menu moves it. */
  slide: 160,
  /** How long a finished card shakes when someone tries to lift it. */
  refusal: 650,
  /** How long the page waits before listening again when the browser gave up on the live stream. */
  liveRetry: 3000,
  /** How long a card another tab changed glows. */
  highlight: 1600,
  /** How long a message stays up; one with Undo stays longer. Errors stay until dismissed. */
  messageFor: 5000,
  undoMessageFor: 8000,
  /** The least time a message still has once the pointer or focus leaves it. */
  messageAtLeast: 1500,
});

/**
 * A tunable's value for this page: the board's `data-` attribute of the same name when it holds a
 * positive number, otherwise the default.
 * @param {keyof typeof config} name
 * @returns {number}
 */
export function setting(name) {
  if (!(name in config)) throw new Error(`no setting named ${name}`);
  const override = Number(document.getElementById('board')?.dataset[name]);
  return override > 0 ? override : config[name];
}

/**
 * Every tunable's value for this page at once (for a gesture, which reads them many times a second).
 * @returns {Record<keyof typeof config, number>}
 */
export function settings() {
  return Object.fromEntries(Object.keys(config).map((name) => [name, setting(name)]));
}
