// One game on the page: the board, the panel beside or below it (clocks, score, what to
// do next, the buttons, the one-tap whole moves, the move list), the live connection, the
// result.
//
// States come from three places (the first load, the answers to actions, the live
// connection); the newest version wins and older ones are dropped. A new state is drawn
// after the moves that led to it are shown: the opponent's checkers slide along their
// segments (a watcher sees both players' moves slide), then the state is drawn as sent.

import { Live } from "./api.js";
import { afterButtons } from "./after.js";
import { Board, countOf, other, put, take, viewOf } from "./board.js";
import { ClockPanel, Countdown, Ticker } from "./clock.js";
import { Hand } from "./drag.js";
import { ask, h } from "./ui.js";

const SEGMENT_MS = 250; // one segment of an opponent's move
const SLIDE_MS = 140; // one stop of the viewer's own move after the drop
const ACTS = ["roll", "double", "take", "drop", "undo", "done", "resign", "hint"];
// How each button looks: Done (and Roll, Take) stands out, Undo, Resign and Hint stay quiet.
const LOOK = { undo: "secondary", resign: "secondary", hint: "secondary", drop: "danger",
  done: "primary", roll: "primary", take: "primary" };

// The roll a hint was for: the game, the moves played so far and the dice (the same while
// its steps are taken, so the hint stays in sight until the turn is sent).
function rollKey(s) {
  return `${s.number}:${(s.log || []).length}:${(s.dice || []).join("-")}`;
}

function sameMove(a, b) {
  return a.by === b.by && JSON.stringify(a.segments) === JSON.stringify(b.segments);
}

// The moves in `next` that the page has not shown yet: new ones at the end of the list, or
// the whole list when it starts afresh (the viewer acted since).
function newMoves(prev, next, watcher) {
  const a = prev.moves || [], b = next.moves || [];
  let start = 0;
  if (a.length <= b.length && a.every((m, i) => sameMove(m, b[i]))) start = a.length;
  return b.slice(start).filter((m) => watcher || m.by === "opponent");
}

export class GameView {
  constructor(app, id) {
    this.app = app;
    this.T = app.texts;
    this.id = id;
    this.latest = null; // the newest state heard of
    this.drawn = null; // the state on the board
    this.view = null; // what the board shows (the drawn state, with local moves)
    this.pending = false;
    this.pumping = false;
    this.busy = false; // an action is on its way
    this.sliding = false;
    this.animating = false;
    this.selectedSrc = null;
    this.received = new WeakMap(); // state -> when it was received (Date.now())
    this.countdown = null; // the drawn state's clocks
    this.warned = null; // the deadline the viewer was last warned of
    this.live = null;
    this.ticker = null;
    this.gone = false;
    this.reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  mount(root) {
    const T = this.T;
    const layout = this.app.session.layout;
    this.board = new Board(layout, T["web-drag-hint"], T["web-pips"]);
    document.documentElement.style.setProperty("--board-ratio",
      String(layout.width / layout.height));
    this.hand = new Hand(this.board, this);
    this.buttons = {};
    for (const act of ACTS) {
      const label = act === "double" ? "" : T[`btn-${act}`];
      this.buttons[act] = h("button", { type: "button", "data-act": act, hidden: true,
        class: LOOK[act] || null, onclick: () => this.button(act) }, label);
    }
    this.status = h("p", { class: "status", role: "status" });
    this.hint = h("p", { class: "hint", hidden: true }, T["web-drag-hint"]);
    // The best three moves of the roll (💡 Hint, in unrated games against the computer).
    this.advice = h("div", { class: "advice", role: "status", hidden: true });
    this.adviceFor = null; // the roll the shown advice is for (rollKey)
    this.asking = false; // a hint is on its way
    this.link = h("p", { class: "link", hidden: true });
    this.result = h("div", { class: "result-panel", hidden: true });
    this.clocks = new ClockPanel(T, this.app.session.language);
    this.score = h("p", { class: "score-line", hidden: true });
    this.finishes = h("div", { class: "finishes", hidden: true });
    this.opening = h("p", { class: "opening muted" });
    this.list = h("ol", { class: "move-list" });
    this.moves = h("section", { class: "moves", "aria-label": T["web-moves"] },
      h("h3", null, T["web-moves"]), this.opening, this.list);
    const order = ["roll", "double", "take", "drop", "hint", "resign", "undo", "done"];
    root.replaceChildren(h("section", { class: "game" },
      h("div", { class: "board-wrap" }, this.board.box),
      h("div", { class: "panel" }, this.clocks.node, this.score, this.link, this.status,
        h("div", { class: "actions" }, order.map((act) => this.buttons[act])),
        this.advice, this.finishes, this.result, this.hint, this.moves)));
    this.ticker = new Ticker(() => this.tick()).start();
    this.load();
  }

  destroy() {
    this.gone = true;
    if (this.live) this.live.stop();
    this.ticker.stop();
    this.app.closingConfirmation(false);
  }

  async load() {
    const { status, data } = await this.app.api.get(`api/games/${this.id}`);
    if (this.gone) return;
    if (status !== 200 || !data) {
      this.app.failed(status, data);
      return;
    }
    this.receive(data);
    this.live = new Live(this.app.initData, this.id,
      () => (this.latest ? [this.latest.version, this.latest.deadline] : [0, null]), {
      onState: (state, again) => this.receive(state, again),
      onWarning: () => {
        this.app.toast(this.T["web-time-left"]);
        this.app.haptic("warning");
      },
      onLink: (up) => this.showLink(up),
      onRefused: () => this.showLink(false),
    }).start();
  }

  showLink(up) {
    this.link.hidden = up;
    this.link.textContent = navigator.onLine === false ? this.T["web-offline"] :
      this.T["web-reconnecting"];
  }

  // -- states ----------------------------------------------------------------------------

  receive(state, again = false) {
    if (this.gone || !state || state.game !== this.id) return;
    const latest = this.latest;
    if (latest && (state.version < latest.version ||
        (state.version === latest.version && !again))) return;
    this.latest = state;
    // The clocks count from this moment (a state received again keeps its moment).
    if (!this.received.has(state)) this.received.set(state, Date.now());
    this.pending = true;
    this.pump();
  }

  async pump() {
    if (this.pumping || this.hand.dragging || this.sliding) return;
    this.pumping = true;
    this.idle();
    try {
      while (this.pending && !this.hand.dragging && !this.gone) {
        this.pending = false;
        const next = this.latest, prev = this.drawn;
        if (prev && !this.reduced) {
          this.animating = true;
          try {
            for (const move of newMoves(prev, next, next.seat === null)) {
              if (!(await this.animate(move, next)) || this.gone) break;
            }
          } finally {
            this.animating = false;
          }
        }
        this.drawn = next;
        this.countdown = new Countdown(next.clock, this.received.get(next));
        this.view = viewOf(next);
        this.selectedSrc = null;
        this.render();
      }
    } finally {
      this.pumping = false;
      this.idle();
    }
  }

  // The moves of `move` slide on the board as it is shown; false when they do not fit it
  // (the page missed something): then the new state is simply drawn.
  async animate(move, next) {
    const view = this.view, board = this.board, side = move.by;
    const event = (next.recent || []).find((e) => e.kind === "move" && sameMove(e, move));
    view.moves = [];
    view.steps = [];
    view.to_act = side;
    view.dice_of = side;
    if (event && event.dice) {
      view.dice = event.dice;
      view.dice_used = [];
    }
    board.draw(view, {});
    for (const [a, b] of move.segments) {
      if (countOf(view, a, side) < 1) return false;
      const from = board.top(view, a, side);
      take(view, side, a);
      board.redrawStack(a, side);
      const node = board.floating(side, from);
      const to = board.landing(view, b, side);
      await Board.fly(node, from, [to], SEGMENT_MS);
      const victim = b >= 1 && b <= 24 && countOf(view, b, other(side)) === 1 ?
        board.top(view, b, other(side)) : null;
      put(view, side, b);
      board.drawCheckers();
      node.remove();
      if (victim) {
        const hit = board.floating(other(side), victim);
        const bar = board.landing(view, 25, other(side));
        view.bar[other(side)] -= 1; // drawn when it lands
        board.drawCheckers();
        await Board.fly(hit, victim, [bar], SEGMENT_MS);
        view.bar[other(side)] += 1;
        board.drawCheckers();
        hit.remove();
      }
    }
    return true;
  }

  // -- drawing ---------------------------------------------------------------------------

  interactive() {
    const s = this.drawn;
    return Boolean(s && s.you_act && s.status === "active" && !this.busy && !this.animating &&
      !this.sliding && !this.pending);
  }

  ui() {
    const s = this.drawn;
    const ui = { movable: this.interactive() ? s.movable : {}, selected: this.selectedSrc };
    const text = s.status === "active" && this.countdown ? this.countdown.boardText() : null;
    if (text !== null) {
      ui.clockSide = s.dice_of; // in the half the dice (or an offered cube) leave free
      ui.clockText = text;
    }
    return ui;
  }

  render() {
    const s = this.drawn, T = this.T;
    this.board.draw(this.view, this.ui());
    const playing = s.seat !== null;
    this.status.textContent = playing ? s.texts.status : `${T["web-watching"]} · ${s.texts.status}`;
    for (const act of ACTS) {
      const button = this.buttons[act];
      button.hidden = !playing || !s.can[act];
      button.disabled = this.busy;
    }
    if (s.can.double && s.texts.double) this.buttons.double.textContent = s.texts.double;
    this.renderAdvice();
    this.hint.hidden = !(this.interactive() && Object.keys(s.movable || {}).length);
    this.renderFinishes();
    this.renderPanel();
    this.renderResult();
    this.clocks.show(s, this.countdown);
    this.list.scrollTop = this.list.scrollHeight; // the newest moves in sight (once laid out)
    this.ticker.start(); // ticks now, and again when the new clock's second changes
    this.app.closingConfirmation(playing && s.status === "active");
    document.body.dataset.version = String(s.version);
  }

  // The hint of this roll stays in sight while its steps are taken; the button is gone
  // once it is shown (or while it is asked for).
  renderAdvice() {
    const s = this.drawn;
    const shown = s.seat !== null && s.status === "active" && s.you_act &&
      s.phase === "move" && this.adviceFor === rollKey(s);
    this.advice.hidden = !shown;
    if (!shown) this.adviceFor = null;
    const button = this.buttons.hint;
    button.hidden = button.hidden || shown;
    button.disabled = this.busy || this.asking;
  }

  async askHint() {
    if (this.asking || !this.drawn) return;
    const key = rollKey(this.drawn);
    this.asking = true;
    this.buttons.hint.disabled = true;
    const { status, data } = await this.app.api.get(`api/games/${this.id}/hint`);
    this.asking = false;
    if (this.gone) return;
    if (status === 200 && data && data.lines) {
      const [title, ...lines] = data.lines;
      this.advice.replaceChildren(h("p", { class: "title" }, title),
        ...lines.map((line, i) => h("p", { class: i ? "line" : "line best" }, line)));
      this.adviceFor = key;
    } else {
      this.app.failed(status, data, true);
    }
    this.render();
  }

  // The one-tap whole moves (`8/5 6/5`), as the chat offers them: a tap plays the rest of
  // the turn (`finish` with the option's index).
  renderFinishes() {
    const s = this.drawn;
    const options = s.seat !== null && s.can.finish ? s.finishes || [] : [];
    this.finishes.hidden = !options.length;
    this.finishes.replaceChildren(...(options.length ? [
      h("span", { class: "label" }, this.T["web-full-moves"]),
      ...options.map((text, index) => h("button", { type: "button", class: "secondary",
        "data-finish": index, disabled: this.busy || null,
        onclick: () => this.act({ act: "finish", src: index }) }, text))] : []));
  }

  // The score of a match, the opening roll and the move list (in the viewer's numbering,
  // one line a turn and its reply, the newest in sight).
  renderPanel() {
    const s = this.drawn, T = this.T;
    this.score.hidden = !s.score;
    if (s.score) {
      this.score.replaceChildren(`${s.names.viewer} ${s.score.viewer} : ${s.score.opponent} ` +
        `${s.names.opponent} `,
      h("span", { class: "to" }, `· ${T["web-length"]} ${s.score.length}`));
    }
    this.opening.textContent = s.texts.opening || "";
    const dot = { viewer: s.color === "white" ? "⚪" : "⚫",
      opponent: s.color === "white" ? "⚫" : "⚪" };
    const lines = new Map();
    for (const item of s.log || []) {
      if (!lines.has(item.n)) lines.set(item.n, []);
      lines.get(item.n).push(h("span", { class: `turn ${item.by}` },
        `${dot[item.by]} ${item.text}`));
    }
    this.list.replaceChildren(...[...lines].map(([n, items]) =>
      h("li", { value: n || null }, ...items)));
    this.moves.hidden = !lines.size && !s.texts.opening;
  }

  // Redraw the clocks; the seconds left of those running (for the ticker).
  tick() {
    const s = this.drawn;
    if (!s || s.status !== "active" || !this.countdown) return [];
    const text = this.countdown.boardText();
    if (text !== null) this.board.setClock(text);
    if (this.clocks.tick() && this.warned !== s.clock.deadline) {
      this.warned = s.clock.deadline; // once a turn
      this.app.haptic("warning");
    }
    return this.countdown.running();
  }

  idle() {
    const quiet = !this.pending && !this.pumping && !this.busy && !this.sliding &&
      !this.hand.dragging;
    document.body.dataset.idle = quiet ? "1" : "0";
  }

  renderResult() {
    const s = this.drawn, T = this.T, r = s.result;
    this.result.hidden = !r;
    if (!r) {
      this.result.replaceChildren();
      return;
    }
    const playing = s.seat !== null;
    const won = r.winner === "viewer";
    let title;
    if (!playing) title = `🏆 ${s.names[r.winner]}`;
    else if (r.match_over && s.score) title = T[won ? "web-match-won" : "web-match-lost"];
    else title = T[won ? "web-won" : "web-lost"];
    const lines = [h("h2", null, title),
      h("p", { class: "points" }, `${won ? "+" : "−"}${r.points} · ${r.kind_text}`),
      h("p", { class: "muted" }, r.reason_text)];
    if (s.score) {
      lines.push(h("p", { class: "score" }, `${s.names.viewer} ${s.score.viewer} : ` +
        `${s.score.opponent} ${s.names.opponent}`));
    }
    // PR and luck over the match's analysed games, worded by the server (none before the
    // first analysis).
    for (const line of r.skill || []) lines.push(h("p", { class: "skill" }, line));
    const buttons = [];
    if (playing) {
      if (r.rematch !== false) { // none after a game of a tournament still running
        buttons.push(h("button", { type: "button", "data-after": "rematch",
          onclick: () => this.after("rematch") }, T["btn-rematch"]));
      }
      buttons.push(h("button", { type: "button", class: "secondary", "data-after": "analysis",
        onclick: () => this.after("analysis") }, T["btn-analysis"]));
      buttons.push(h("button", { type: "button", class: "secondary", "data-after": "replay",
        onclick: () => this.after("replay") }, T["btn-replay"]));
    }
    buttons.push(...afterButtons(this.app, s)); // the replay viewer, sharing (after.js)
    buttons.push(h("button", { type: "button", class: "secondary", "data-after": "lobby",
      onclick: () => this.app.lobby() }, T["web-back"]));
    this.result.replaceChildren(...lines, h("div", { class: "actions" }, buttons));
    if (this.resultShown !== s.version) {
      this.resultShown = s.version;
      this.app.haptic(won || !playing ? "success" : "error");
    }
  }

  // -- what the viewer does --------------------------------------------------------------

  // For the hand (drag.js): the checkers that may move now, null when none may.
  movable() {
    return this.interactive() ? this.drawn.movable : null;
  }

  selected() {
    return this.selectedSrc;
  }

  select(src) {
    if (!this.interactive()) return;
    this.selectedSrc = src !== null && this.drawn.movable[src] ? src : null;
    this.board.draw(this.view, this.ui());
    if (src !== null) this.app.haptic("select");
  }

  lift(src) {
    this.selectedSrc = null;
    this.idle();
    return this.board.lift(src);
  }

  async putBack(src, node, at, wrong) {
    if (wrong) this.app.haptic("error");
    this.sliding = true;
    await Board.fly(node, at, [this.board.top(this.view, src, "viewer")], this.reduced ? 0 : 120);
    node.remove();
    this.sliding = false;
    this.board.draw(this.view, this.ui());
    this.idle();
    this.pump();
  }

  moveTo(src, dst) {
    if (!this.interactive() || src === null) return;
    const { node, at } = this.board.lift(src);
    this.drop(src, dst, node, at);
  }

  // A checker let go on a destination: sent at once; meanwhile it slides through its
  // stops and stays where it went until the answer's state is drawn.
  async drop(src, dst, node, at) {
    const stops = this.drawn.movable[src][dst] || [];
    const request = this.act({ act: "go", src, dst }, false);
    this.app.haptic("move");
    this.sliding = true;
    this.selectedSrc = null;
    const view = this.view;
    take(view, "viewer", src);
    const points = [...stops, dst].map((p) => this.board.landing(view, p, "viewer"));
    await Board.fly(node, at, points, this.reduced ? 0 : SLIDE_MS);
    for (const stop of stops) {
      put(view, "viewer", stop);
      take(view, "viewer", stop);
    }
    put(view, "viewer", dst);
    node.remove();
    this.sliding = false;
    view.moves = [];
    this.board.draw(view, this.ui());
    await request;
    this.pump();
  }

  async button(act) {
    if (act === "hint") {
      await this.askHint();
      return;
    }
    if (act === "resign") {
      const { status, data } = await this.app.api.get(`api/games/${this.id}/resign`);
      if (status !== 200 || !data) {
        this.app.failed(status, data, true);
        return;
      }
      if (!(await ask(data.text, this.T["btn-resign-yes"], this.T["btn-resign-no"]))) return;
    }
    this.app.haptic("move");
    await this.act({ act });
  }

  // Send an action with the version it was chosen on; the answer's state is drawn (a
  // refusal's text shown briefly, and the game as it is now drawn instead).
  async act(body, draw = true) {
    if (this.busy || !this.latest) return;
    this.busy = true;
    this.idle();
    if (draw) this.render();
    const sent = { ...body, version: this.latest.version };
    const { status, data } = await this.app.api.post(`api/games/${this.id}/actions`, sent);
    this.busy = false;
    if (this.gone) return;
    if (status === 200 && data && data.state) {
      this.receive(data.state, true);
    } else if (status === 409 && data && data.state) {
      this.app.toast(data.text);
      this.app.haptic("error");
      this.receive(data.state, true);
    } else {
      this.app.failed(status, data, true);
      this.receive(this.latest, true);
    }
    this.idle();
  }

  async after(what) {
    const { status, data } = await this.app.api.post(`api/games/${this.id}/${what}`);
    if (status === 200 && data && data.game) {
      this.app.open(data.game);
    } else if (status === 200 && data && data.sent) {
      this.app.toast(this.T["web-sent-to-chat"]);
    } else if (status === 409 && what === "rematch") {
      this.app.toast(this.T["web-busy"]);
    } else {
      this.app.failed(status, data, true);
    }
  }
}
