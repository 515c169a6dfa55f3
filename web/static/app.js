// The web board's page: signs in with the Mini App's init data, then shows the lobby or a
// game (`?game=<id>`, or the game a direct link's start parameter names). Telegram's
// WebApp object, when there is one, gives the init data, the theme, the Back button,
// haptics, the closing confirmation and, on a phone, the full screen (its safe areas come
// as CSS variables: style.css); the page also works without its extras.

import { Api } from "./api.js";
import { useDaysText } from "./clock.js";
import { GameView } from "./game.js";
import { Lobby } from "./lobby.js";
import { ReplayView } from "./replay.js";
import { Toast, h } from "./ui.js";

const tg = window.Telegram && window.Telegram.WebApp ? window.Telegram.WebApp : null;
const PHONES = ["android", "ios"]; // where the board asks for the whole screen

function quietly(call) {
  try {
    call();
  } catch {
    // an older Telegram client without this method
  }
}

class App {
  constructor() {
    this.tg = tg;
    this.initData = (tg && tg.initData) || "";
    this.api = new Api(this.initData);
    this.root = document.getElementById("app");
    this.screen = null;
    this.session = null;
    this.closing = null;
    this.toaster = new Toast();
  }

  async boot() {
    this.theme();
    this.viewport();
    if (tg) {
      quietly(() => tg.ready());
      quietly(() => tg.expand());
      quietly(() => tg.disableVerticalSwipes && tg.disableVerticalSwipes());
      this.fullscreen();
      quietly(() => tg.onEvent("themeChanged", () => this.theme()));
      quietly(() => tg.onEvent("viewportChanged", () => this.viewport()));
      quietly(() => tg.BackButton.onClick(() => this.lobby()));
    }
    const { status, data } = await this.api.get("api/session");
    if (status !== 200 || !data || !data.texts) {
      this.signInFailed(status, data);
      return;
    }
    this.session = data;
    this.texts = data.texts;
    useDaysText(this.texts);
    document.documentElement.lang = data.language;
    document.title = this.texts["web-title"];
    const asked = new URLSearchParams(window.location.search);
    const wanted = asked.get("game");
    const game = wanted && /^\d{1,18}$/.test(wanted) ? Number(wanted) : data.start;
    const replay = asked.get("replay");
    if (replay && /^\d{1,18}$/.test(replay)) this.replay(Number(replay), Number(asked.get("n")) || null);
    else if (game) this.open(game);
    else this.lobby();
  }

  theme() {
    const root = document.documentElement;
    if (!tg) return;
    const params = tg.themeParams || {};
    for (const key of Object.keys(params)) {
      if (/^[a-z_]+$/.test(key) && /^#[0-9a-fA-F]{3,8}$/.test(params[key])) {
        root.style.setProperty(`--tg-theme-${key.replace(/_/g, "-")}`, params[key]);
      }
    }
    root.dataset.scheme = tg.colorScheme === "dark" ? "dark" : "light";
  }

  // On a phone, the whole screen (Bot API 8.0): the board then spans the width (or, turned
  // sideways, the height) with Telegram's buttons inside the safe area's top inset.
  fullscreen() {
    const recent = typeof tg.isVersionAtLeast === "function" && tg.isVersionAtLeast("8.0");
    if (recent && PHONES.includes(tg.platform) && !tg.isFullscreen && tg.requestFullscreen) {
      quietly(() => tg.requestFullscreen());
    }
  }

  viewport() {
    if (tg && tg.viewportStableHeight) {
      document.documentElement.style.setProperty("--app-height", `${tg.viewportStableHeight}px`);
    }
  }

  signInFailed(status, data) {
    document.body.dataset.view = "signin";
    // Before sign-in the server words the refusal itself (in the language the init data
    // claims): the page has no texts of its own.
    this.root.replaceChildren(h("div", { class: "signin-error", role: "alert",
      "data-status": String(status) },
    h("p", { class: "big" }, "🔒"),
    h("p", null, (data && (data.text || data.error)) || String(status || "⚠"))));
  }

  // A request that failed: the server's reason, or "no connection".
  failed(status, data, brief = false) {
    // (a 503 while the bot's database is away comes worded)
    const text = status === 0 || (status >= 500 && !(data && data.text)) ?
      this.texts["web-offline"] :
      status === 404 ? this.texts["web-not-found"] :
      (data && (data.text || data.error)) || String(status);
    if (status === 401) {
      this.signInFailed(status, data);
      return;
    }
    if (brief) {
      this.toast(text);
      this.haptic("error");
      return;
    }
    this.leave();
    document.body.dataset.view = "error";
    this.root.replaceChildren(h("section", { class: "lobby", role: "alert" },
      h("p", null, text),
      h("button", { type: "button", class: "wide", onclick: () => this.lobby() },
        this.texts["web-back"])));
    this.backButton(true);
  }

  leave() {
    if (this.screen) this.screen.destroy();
    this.screen = null;
  }

  address(query) {
    const url = window.location.pathname + query + window.location.hash;
    quietly(() => window.history.replaceState(null, "", url));
  }

  open(game) {
    this.leave();
    this.address(`?game=${game}`);
    document.body.dataset.view = "game";
    document.body.dataset.idle = "0";
    this.screen = new GameView(this, game);
    this.screen.mount(this.root);
    this.backButton(true);
  }

  // A finished game played again (replay.js): `number` of the match, null for its last.
  replay(game, number) {
    this.leave();
    this.address(`?replay=${game}` + (number ? `&n=${number}` : ""));
    document.body.dataset.view = "replay";
    this.screen = new ReplayView(this, game, number);
    this.screen.mount(this.root);
    this.backButton(true);
  }

  async lobby() {
    this.leave();
    this.address("");
    document.body.dataset.view = "lobby";
    this.backButton(false);
    this.closingConfirmation(false);
    const { status, data } = await this.api.get("api/session");
    if (status === 200 && data) this.session = { ...data, start: null };
    if (this.screen) return; // a game was opened meanwhile
    this.screen = new Lobby(this);
    this.screen.mount(this.root);
  }

  backButton(shown) {
    if (!tg || !tg.BackButton) return;
    quietly(() => (shown ? tg.BackButton.show() : tg.BackButton.hide()));
  }

  closingConfirmation(on) {
    if (!tg || this.closing === on) return;
    this.closing = on;
    quietly(() => (on ? tg.enableClosingConfirmation() : tg.disableClosingConfirmation()));
  }

  toast(text) {
    this.toaster.show(text);
  }

  haptic(kind) {
    const feedback = tg && tg.HapticFeedback;
    if (!feedback) return;
    quietly(() => {
      if (kind === "move") feedback.impactOccurred("light");
      else if (kind === "select") feedback.selectionChanged();
      else feedback.notificationOccurred(kind); // success, warning, error
    });
  }
}

new App().boot();
