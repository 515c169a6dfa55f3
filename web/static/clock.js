// The game's clocks as the server keeps them (state.clock, docs/web.md): the seconds left
// when the server answered, counted down from the moment the page received them (never
// from the phone's idea of the time of day); under a match clock the delay runs first,
// then the mover's bank. A correspondence deadline is shown in the browser's time zone.

import { h } from "./ui.js";

const SIDES = ["opponent", "viewer"]; // top to bottom, as on the board

const DAY = 86400;
// A day or more left (correspondence) in words, as the chat writes it: "2 d 5 h", "1 d"
// (the user's language: the session's "web-span-days" and "web-span-whole-days", with
// %d% and %h% to fill).
let daysTemplates = ["%d% d %h% h", "%d% d"];

export function useDaysText(texts) {
  if (texts["web-span-days"]) daysTemplates = [texts["web-span-days"], texts["web-span-whole-days"]];
}

// "◷ 1:05", "◷ 2:03:00": whole seconds, rounded up (a clock shows 0:00 only at the end);
// "◷ 1 d 4 h" from a day on (rounded down, as the chat does).
export function clockText(seconds, sign = "◷") {
  const s = Math.max(0, Math.ceil(seconds - 1e-9));
  const m = Math.floor(s / 60), sec = String(s % 60).padStart(2, "0");
  const lead = sign ? `${sign} ` : "";
  if (s >= DAY) {
    const days = Math.floor(s / DAY), hours = Math.floor((s % DAY) / 3600);
    const template = daysTemplates[hours ? 0 : 1];
    return lead + template.replace("%d%", days).replace("%h%", hours);
  }
  if (m >= 60) return `${lead}${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${sec}`;
  return `${lead}${m}:${sec}`;
}

// An absolute deadline in the reader's language and the browser's own time zone. A browser
// without that language's names (Chromium has no Kyrgyz, and only root-locale "M12 8, Tue"
// for Uzbek and Azerbaijani) gets numbers, as the chat writes times: "08.12.2026 14:05 GMT+5".
export function localTime(iso, language) {
  const options = { weekday: "short", day: "numeric", month: "short", hour: "2-digit",
    minute: "2-digit", timeZoneName: "short" };
  const date = new Date(iso);
  let text = null;
  try {
    const format = new Intl.DateTimeFormat(language, options);
    const named = format.resolvedOptions().locale.split("-")[0] === language.split("-")[0];
    text = named ? format.format(date) : null;
  } catch {
    text = null;
  }
  if (text !== null && !/\bM\d/.test(text)) return text;
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-GB", {
    day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit",
    hourCycle: "h23", timeZoneName: "short" }).formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute} ` +
    parts.timeZoneName;
}

const IDLE_MS = 500; // how often a ticker looks when no clock runs
const LATE_MS = 5; // a tick comes just after the shown second changes

// Calls `tick` each time a shown second changes, and no more often: `tick` returns the
// seconds left of every clock it shows (null for none running), and the next call comes
// just after the first of them crosses a whole second. Stopped by `stop`.
export class Ticker {
  constructor(tick) {
    this.tick = tick;
    this.timer = null;
  }

  start() {
    this.stop();
    const running = (this.tick() || []).filter((s) => s !== null && s > 0);
    const next = running.length ?
      Math.min(...running.map((s) => (s - (Math.ceil(s) - 1)) * 1000)) + LATE_MS : IDLE_MS;
    this.timer = setTimeout(() => this.start(), Math.min(next, 1000 + LATE_MS));
    return this;
  }

  stop() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

// One state's clock, counting down from the moment it was received.
export class Countdown {
  constructor(clock, receivedAt = Date.now()) {
    this.clock = clock;
    this.at = receivedAt;
  }

  // Seconds left to the mover's deadline now (null: nobody's time runs).
  left(now = Date.now()) {
    const c = this.clock;
    if (!c || c.mover === null || c.remaining === null) return null;
    return Math.max(0, c.remaining - Math.max(0, now - this.at) / 1000);
  }

  // What each side's clock shows now: {delay, bank, left} (a match clock's delay and bank
  // while the mover's time runs; the bank alone for the other; `left` for the mover).
  faces(now = Date.now()) {
    const c = this.clock, left = this.left(now), out = {};
    for (const side of SIDES) {
      const mover = c.mover === side;
      const face = { mover, left: mover ? left : null, delay: null, bank: null };
      if (c.banks) {
        const bank = c.banks[side];
        face.bank = bank === null ? null : mover && left !== null ? Math.min(bank, left) : bank;
        if (mover && left !== null && bank !== null) face.delay = Math.max(0, left - bank);
      }
      out[side] = face;
    }
    return out;
  }

  // The seconds left of every clock shown running now (for `Ticker`).
  running(now = Date.now()) {
    const left = this.left(now);
    if (left === null) return [];
    const face = this.faces(now)[this.clock.mover];
    return [left, face.delay, this.clock.warn === null ? null : left - this.clock.warn];
  }

  // Whether the viewer is to be warned now (a live control's last seconds).
  warning(now = Date.now()) {
    const c = this.clock, left = this.left(now);
    return Boolean(c && c.mover === "viewer" && c.warn !== null && left !== null &&
      left > 0 && left <= c.warn);
  }

  // The board's one clock (in the half the dice leave free): the mover's time, under a
  // match clock the delay while it lasts, then the bank.
  boardText(now = Date.now()) {
    const c = this.clock, left = this.left(now);
    if (left === null) return null;
    if (!c.banks) return clockText(left);
    const face = this.faces(now)[c.mover];
    return face.delay > 0 ? clockText(face.delay, "⏳") : clockText(face.bank ?? left);
  }
}

// The clocks under the board: each player's (name and time), the control's name, the
// warning line.
export class ClockPanel {
  constructor(texts, language) {
    this.T = texts;
    this.language = language;
    this.chips = {};
    this.times = {};
    for (const side of SIDES) {
      this.times[side] = h("span", { class: "time" });
      this.chips[side] = h("div", { class: "chip", "data-side": side, hidden: true },
        h("span", { class: "who" }), this.times[side]);
    }
    this.control = h("span", { class: "control muted" });
    this.warn = h("p", { class: "clock-warning", role: "alert", hidden: true });
    this.node = h("div", { class: "clocks", hidden: true },
      h("div", { class: "row" }, this.chips.opponent, this.chips.viewer), this.control,
      this.warn);
    this.countdown = null;
    this.playing = false;
    this.deadlineText = null;
  }

  // A newly drawn state.
  show(state, countdown) {
    const c = state.clock;
    this.countdown = state.status === "active" && c ? countdown : null;
    this.node.hidden = !this.countdown;
    if (!this.countdown) return;
    this.playing = state.seat !== null; // a watcher is never warned
    this.control.textContent = c.text;
    this.node.dataset.kind = c.kind;
    this.deadlineText = c.kind === "correspondence" && c.deadline ?
      this.T["web-deadline"].replace("%when%", localTime(c.deadline, this.language)) : null;
    for (const side of SIDES) {
      this.chips[side].querySelector(".who").textContent =
        side === "viewer" && state.seat !== null ? this.T["web-you"] : state.names[side];
    }
    this.tick();
  }

  // Redraw the times; true when the viewer is being warned.
  tick() {
    const cd = this.countdown;
    if (!cd) return false;
    const c = cd.clock, faces = cd.faces();
    for (const side of SIDES) {
      const face = faces[side], chip = this.chips[side];
      let text = null;
      if (c.banks && face.bank !== null) {
        text = face.mover && face.delay > 0 ?
          `${this.T["web-clock-delay"]} ${clockText(face.delay, "⏳")} · ` +
          `${this.T["web-clock-bank"]} ${clockText(face.bank, "")}` :
          `${this.T["web-clock-bank"]} ${clockText(face.bank)}`;
      } else if (face.mover) {
        text = this.deadlineText || clockText(face.left);
      }
      chip.hidden = text === null;
      chip.classList.toggle("running", face.mover);
      if (text !== null && this.times[side].textContent !== text) {
        this.times[side].textContent = text;
      }
    }
    const warning = this.playing && cd.warning(), flag = warning ? "1" : "0";
    if (this.chips.viewer.dataset.warning !== flag) {
      this.chips.viewer.dataset.warning = flag;
      this.warn.hidden = !warning;
      this.warn.textContent = warning ? this.T["web-clock-warning"] : "";
    }
    return warning;
  }
}
