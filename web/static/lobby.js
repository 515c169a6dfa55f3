// The lobby: the games being played (a live one and any correspondence games, each with
// the opponent, whose turn it is and the time left), a new game against the computer under
// a live time control, find an opponent.

import { Countdown, Ticker, clockText, localTime } from "./clock.js";
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
      control: s.controls.all.some((c) => c.token === saved.control) ? saved.control :
        s.controls.computer_default,
    };
    this.poll = null;
    this.ticker = null;
    this.entries = [];
  }

  destroy() {
    if (this.poll) clearInterval(this.poll);
    if (this.ticker) this.ticker.stop();
  }

  correspondence() {
    const chosen = this.app.session.controls.all.find((c) => c.token === this.choice.control);
    return Boolean(chosen && chosen.kind === "correspondence");
  }

  // The computer plays live controls only: its Start waits for one.
  refresh() {
    const away = this.correspondence();
    this.computerStart.disabled = away;
    this.computerHint.hidden = !away;
  }

  // One game being played: a button that opens it.
  gameItem(game, at) {
    const T = this.T, s = this.app.session, c = game.clock;
    const left = h("span", { class: "left" });
    this.entries.push({ countdown: new Countdown(c, at), left });
    const control = c.kind === "correspondence" && c.deadline ?
      `${c.text} · ${T["web-deadline"].replace("%when%", localTime(c.deadline, s.language))}` :
      c.text;
    const about = `${T[`variant-${game.variant}`]} · ${control}`; // two games with one person
    return h("li", null, h("button", { type: "button", class: "secondary",
      "data-game": String(game.game), "data-go": game.game === s.active ? "active" : null,
      onclick: () => this.app.open(game.game) },
    h("span", { class: "who" }, game.opponent),
    h("span", { class: "turn" }, T[game.to_act === "viewer" ? "web-turn-yours" :
      "web-turn-theirs"]),
    left,
    h("span", { class: "control" }, about)));
  }

  tick() {
    const running = [];
    for (const { countdown, left } of this.entries) {
      const seconds = countdown.left();
      const text = seconds === null ? "" : clockText(seconds);
      if (left.textContent !== text) left.textContent = text;
      running.push(seconds);
    }
    return running;
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
    const at = Date.now(); // the session's clocks count from here
    const games = s.games || [];
    const mine = games.length ?
      h("ul", { class: "games" }, games.map((game) => this.gameItem(game, at))) :
      h("p", { class: "muted" }, T["web-no-game"]);
    const control = h("select", { id: "control", "data-choice": "control",
      onchange: (e) => {
        this.choice.control = e.target.value;
        this.save();
        this.refresh();
      } }, s.controls.all.map((c) => h("option", { value: c.token,
      selected: c.token === this.choice.control }, c.text)));
    this.computerStart = h("button", { type: "button", class: "wide", "data-go": "computer",
      onclick: () => this.start() }, T["web-start"]);
    this.computerHint = h("p", { class: "muted", hidden: true },
      T["web-control-not-for-computer"]);
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
      h("h2", null, T["web-my-games"]),
      mine,
      h("h2", null, T["btn-new-game"]),
      this.choose("variant", null, [["short", T["btn-short"]], ["long", T["btn-long"]]]),
      this.choose("length", T["web-length"], s.lengths.map((n) => [n, String(n)])),
      this.cubeRow,
      h("div", { class: "field" }, h("label", { class: "label", for: "control" },
        T["web-time-control"]), control),
      h("div", { class: "card" },
        h("h3", null, T["btn-vs-computer"]),
        h("div", { class: "field" }, h("label", { class: "label", for: "level" }, T["web-level"]),
          level),
        this.computerStart, this.computerHint),
      h("button", { type: "button", class: "wide secondary", "data-go": "search",
        onclick: () => this.search() }, T["btn-find-opponent"]),
      this.searching));
    this.refresh();
    if (this.entries.length) this.ticker = new Ticker(() => this.tick()).start();
  }

  async start() {
    const c = this.choice;
    const { status, data } = await this.app.api.post("api/games", {
      variant: c.variant, level: c.level, length: c.length,
      cube: c.variant === "short" && c.cube, control: c.control });
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
      cube: c.variant === "short" ? Number(c.cube) : 0, control: c.control });
    if (status === 200 && data) {
      if (data.game) {
        this.app.open(data.game);
        return;
      }
      this.search_id = data.search;
      this.searching.hidden = false;
      if (!this.poll) this.poll = setInterval(() => this.check(), POLL_MS);
    } else if (status === 409) {
      this.app.toast(this.T["web-busy"]);
    } else this.app.failed(status, data, true);
  }

  async check() {
    // The search itself: a correspondence game it makes is not the session's live game.
    if (!this.search_id) return;
    const { status, data } = await this.app.api.get(`api/search/${this.search_id}`);
    if (status !== 200 || !data || data.searching) return;
    clearInterval(this.poll);
    this.poll = null;
    this.searching.hidden = true;
    if (data.game) this.app.open(data.game);
  }

  async cancel() {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    await this.app.api.del("api/search");
    this.searching.hidden = true;
  }
}
