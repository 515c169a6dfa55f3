// The lobby: the game in progress, a new game against the computer, find an opponent.

import { h } from "./ui.js";

const STORE = "nard.lobby";
const LENGTH_BIT = { 1: 1, 3: 2, 5: 4, 7: 8 }; // the search's lengths mask (docs/web.md)
const POLL_MS = 4000; // while searching: has a game started?

function remembered() {
  try {
    return JSON.parse(window.localStorage.getItem(STORE)) || {};
  } catch {
    return {};
  }
}

export class Lobby {
  constructor(app) {
    this.app = app;
    this.T = app.texts;
    const s = app.session;
    const saved = remembered();
    this.choice = {
      variant: saved.variant === "long" ? "long" : "short",
      level: s.levels.includes(saved.level) ? saved.level : s.levels[0],
      length: s.lengths.includes(saved.length) ? saved.length : s.lengths[0],
      cube: Boolean(saved.cube),
    };
    this.poll = null;
  }

  destroy() {
    if (this.poll) clearInterval(this.poll);
  }

  save() {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(this.choice));
    } catch {
      // private mode: the choice is forgotten
    }
  }

  // A row of buttons choosing one value (aria-pressed marks the chosen one).
  choose(name, label, options) {
    const buttons = options.map(([value, text]) => h("button", {
      type: "button", class: "choice", "data-choice": name, "data-value": String(value),
      "aria-pressed": String(this.choice[name] === value),
      onclick: () => {
        this.choice[name] = value;
        this.save();
        for (const b of buttons) {
          b.setAttribute("aria-pressed", String(b.dataset.value === String(value)));
        }
        this.cubeRow.hidden = this.choice.variant !== "short";
      },
    }, text));
    return h("div", { class: "field" }, label ? h("span", { class: "label" }, label) : null,
      h("div", { class: "choices", role: "group", "aria-label": label || null }, buttons));
  }

  mount(root) {
    const T = this.T, s = this.app.session;
    const mine = s.active ?
      h("button", { type: "button", class: "wide", "data-go": "active",
        onclick: () => this.app.open(s.active) }, T["web-my-game"]) :
      h("p", { class: "muted" }, T["web-no-game"]);
    this.cubeRow = this.choose("cube", null, [[false, T["btn-cube-off"]], [true, T["btn-cube-on"]]]);
    this.cubeRow.hidden = this.choice.variant !== "short";
    const level = h("select", { id: "level", "data-choice": "level",
      onchange: (e) => {
        this.choice.level = e.target.value;
        this.save();
      } }, s.levels.map((l) => h("option", { value: l, selected: l === this.choice.level },
      T[`level-${l}`])));
    this.searching = h("div", { class: "searching", role: "status", hidden: true },
      h("p", null, T["web-searching"]),
      h("button", { type: "button", class: "secondary", "data-go": "cancel",
        onclick: () => this.cancel() }, T["btn-mm-cancel"]));
    root.replaceChildren(h("section", { class: "lobby" },
      h("h1", null, T["web-lobby"]),
      mine,
      h("h2", null, T["btn-new-game"]),
      this.choose("variant", null, [["short", T["btn-short"]], ["long", T["btn-long"]]]),
      this.choose("length", T["web-length"], s.lengths.map((n) => [n, String(n)])),
      this.cubeRow,
      h("div", { class: "card" },
        h("h3", null, T["btn-vs-computer"]),
        h("div", { class: "field" }, h("label", { class: "label", for: "level" }, T["web-level"]),
          level),
        h("button", { type: "button", class: "wide", "data-go": "computer",
          onclick: () => this.start() }, T["web-start"])),
      h("button", { type: "button", class: "wide secondary", "data-go": "search",
        onclick: () => this.search() }, T["btn-find-opponent"]),
      this.searching));
  }

  async start() {
    const c = this.choice;
    const { status, data } = await this.app.api.post("api/games", {
      variant: c.variant, level: c.level, length: c.length,
      cube: c.variant === "short" && c.cube });
    if (status === 200 && data && data.game) this.app.open(data.game);
    else if (status === 409 && data) {
      this.app.toast(this.T["web-busy"]);
      if (data.game) this.app.open(data.game);
    } else this.app.failed(status, data, true);
  }

  async search() {
    const c = this.choice;
    const { status, data } = await this.app.api.post("api/search", {
      variant: c.variant, lengths: LENGTH_BIT[c.length] || 15,
      cube: c.variant === "short" ? Number(c.cube) : 0 });
    if (status === 200 && data) {
      if (data.game) {
        this.app.open(data.game);
        return;
      }
      this.searching.hidden = false;
      if (!this.poll) this.poll = setInterval(() => this.check(), POLL_MS);
    } else if (status === 409) {
      this.app.toast(this.T["web-busy"]);
    } else this.app.failed(status, data, true);
  }

  async check() {
    const { status, data } = await this.app.api.get("api/session");
    if (status === 200 && data && data.active) this.app.open(data.active);
  }

  async cancel() {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    await this.app.api.del("api/search");
    this.searching.hidden = true;
  }
}
