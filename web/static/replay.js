// The replay viewer: a finished game's frames (`GET api/games/<id>/frames`, the frames the
// chat's GIF is drawn from) on the page's own board: step, play, pause, and jump to a
// mistake the analysis found. Every word comes from the server's answer.

import { Board } from "./board.js";
import { h } from "./ui.js";

const MS_PER_FRAME = 1100; // as the GIF (render/replay.py)

export class ReplayView {
  constructor(app, game, number) {
    this.app = app;
    this.game = game;
    this.number = number; // null: the match's last game
    this.at = 0;
    this.timer = null;
    this.data = null;
  }

  mount(root) {
    this.root = root;
    this.load();
  }

  destroy() {
    this.pause();
    this.gone = true;
  }

  async load() {
    const query = this.number ? `?number=${this.number}` : "";
    const { status, data } = await this.app.api.get(`api/games/${this.game}/frames${query}`);
    if (this.gone) return;
    if (status !== 200 || !data || !data.frames) {
      this.app.failed(status, data);
      return;
    }
    this.data = data;
    const T = data.texts;
    this.board = new Board(this.app.session.layout, T["web-replay-title"]);
    const button = (name, label, symbol, action) => h("button", { type: "button",
      class: "secondary", "data-replay": name, "aria-label": label, title: label,
      onclick: action }, symbol);
    this.buttons = {
      first: button("first", T["web-replay-first"], "⏮", () => this.show(0)),
      back: button("back", T["web-replay-back"], "◀", () => this.show(this.at - 1)),
      play: button("play", T["web-replay-play"], "▶", () => this.toggle()),
      forward: button("forward", T["web-replay-forward"], "▶▶", () => this.show(this.at + 1)),
      last: button("last", T["web-replay-last"], "⏭", () => this.show(this.frames().length - 1)),
    };
    this.counter = h("span", { class: "replay-counter", "aria-live": "polite" });
    this.caption = h("p", { class: "replay-caption" });
    this.slider = h("input", { type: "range", min: 0, max: this.frames().length - 1, value: 0,
      "aria-label": T["web-replay-title"], oninput: () => this.show(Number(this.slider.value)) });
    const mistakes = data.mistakes.map((m, i) => h("li", null, h("button", {
      type: "button", class: `mistake ${m.grade}`, "data-mistake": String(i),
      "data-frame": String(m.frame), onclick: () => this.show(m.frame) }, m.text)));
    const next = h("button", { type: "button", "data-replay": "next-mistake",
      hidden: !data.mistakes.length, onclick: () => this.nextMistake() },
    T["web-replay-next-mistake"]);
    const analysis = data.analysed ?
      h("section", { class: "replay-mistakes" }, h("h3", null, T["web-replay-mistakes"]),
        next, h("ol", null, mistakes)) :
      h("p", { class: "muted replay-mistakes" }, T["web-replay-no-analysis"]);
    document.body.dataset.view = "replay";
    this.root.replaceChildren(h("section", { class: "replay" },
      h("h2", null, T["web-replay-title"]),
      h("div", { class: "board-wrap" }, this.board.box),
      this.caption,
      h("div", { class: "replay-controls" }, this.buttons.first, this.buttons.back,
        this.buttons.play, this.buttons.forward, this.buttons.last, this.counter),
      this.slider, analysis,
      h("button", { type: "button", class: "secondary wide", "data-replay": "close",
        onclick: () => this.app.open(this.game) }, T["web-back"])));
    this.show(0);
  }

  frames() {
    return this.data.frames;
  }

  show(index) {
    const frames = this.frames();
    this.at = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[this.at];
    this.board.draw(frame, {});
    this.caption.textContent = frame.caption || "";
    this.counter.textContent = `${this.at + 1} / ${frames.length}`;
    this.slider.value = String(this.at);
    document.body.dataset.frame = String(this.at);
    this.buttons.first.disabled = this.buttons.back.disabled = this.at === 0;
    const end = this.at === frames.length - 1;
    this.buttons.forward.disabled = this.buttons.last.disabled = end;
    for (const item of this.root.querySelectorAll("button.mistake")) {
      item.classList.toggle("current", Number(item.dataset.frame) === this.at);
    }
    if (end) this.pause();
  }

  toggle() {
    if (this.timer) this.pause();
    else this.play();
  }

  play() {
    if (this.at === this.frames().length - 1) this.show(0);
    this.timer = setInterval(() => this.show(this.at + 1), MS_PER_FRAME);
    this.buttons.play.textContent = "⏸";
    this.buttons.play.setAttribute("aria-label", this.data.texts["web-replay-pause"]);
    document.body.dataset.playing = "1";
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    document.body.dataset.playing = "0";
    if (!this.buttons) return;
    this.buttons.play.textContent = "▶";
    this.buttons.play.setAttribute("aria-label", this.data.texts["web-replay-play"]);
  }

  nextMistake() {
    const later = this.data.mistakes.find((m) => m.frame > this.at) || this.data.mistakes[0];
    if (later) this.show(later.frame);
  }
}
