// Each title's own page modules, found through GET /api/titles (issue 25): a title's package
// declares the prefix of its scripts, and the server names those that exist
// (web/static/<prefix>-game.js, -setup.js, -correct.js) in each title's "scripts". The pages
// load them with import(), so no page lists the titles: a fifth title adds its own files.
import { api } from "./common.js";

let listed = null;
const loaded = new Map();

/** The titles as /api/titles answers them (asked once per page). */
export function loadTitles() {
  if (!listed) {
    listed = api("GET", "/api/titles").then((answer) => answer.titles, (err) => {
      listed = null;
      throw err;
    });
  }
  return listed;
}

/** The module of title ``id`` for ``role`` ("game", "setup" or "correct"); null when the title
 * has none. Each module is loaded once. */
export function titleModule(id, role) {
  const key = `${id}/${role}`;
  if (!loaded.has(key)) {
    loaded.set(key, loadTitles().then((titles) => {
      const address = titles.find((x) => x.id === id)?.scripts?.[role];
      return address ? import(address) : null;
    }).catch((err) => {
      loaded.delete(key);
      throw err;
    }));
  }
  return loaded.get(key);
}

/** Every listed title's module for ``role``, by title id (titles without one left out). */
export async function titleModules(titles, role) {
  const modules = await Promise.all(titles.map((x) => titleModule(x.id, role)));
  return new Map(titles.map((x, i) => [x.id, modules[i]]).filter(([, m]) => m));
}
