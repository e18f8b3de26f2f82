// Where things are on the server: the page carries its route table as JSON
// (`<script type="application/json" id="planboard-routes">`, drawn by the server from the same table
// its router uses), so no script spells a path by hand.
const table = JSON.parse(document.getElementById('planboard-routes')?.textContent || '{}');

/**
 * The path of a named route, with its `{name}` parts filled in (each encoded as one path segment).
 * @param {string} name the route's name in the table ("move", "undo", …)
 * @param {Record<string, string|number>} [params] a value for each `{name}` in its path
 * @returns {string}
 * @throws {Error} when the table has no route of that name, or a part is left without a value
 */
export function path(name, params = {}) {
  const pattern = Object.hasOwn(table, name) ? table[name] : undefined;
  if (typeof pattern !== 'string') throw new Error(`no route named “${name}”`);
  return pattern.replace(/\{(\w+)\}/g, (whole, part) => {
    if (!(part in params)) throw new Error(`the route “${name}” needs a value for {${part}}`);
    return encodeURIComponent(String(params[part]));
  });
}
