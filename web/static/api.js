// The API (docs/web.md): JSON over fetch, signed in by the Mini App's init data, and the
// live connection (a WebSocket that resumes by version after a break).

export class Api {
  constructor(initData) {
    this.initData = initData;
  }

  // {status, data}; status 0 when the request did not get an answer.
  async call(method, path, body) {
    const init = { method, headers: { Authorization: `tma ${this.initData}` } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch {
      return { status: 0, data: null };
    }
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    return { status: response.status, data };
  }

  get(path) {
    return this.call("GET", path);
  }

  post(path, body = {}) {
    return this.call("POST", path, body);
  }

  del(path) {
    return this.call("DELETE", path);
  }
}

const FINAL = new Set([4400, 4401, 4404]); // refused: trying again would not help
const MAX_DELAY = 15000;

// One game's live board: {onState(state), onWarning(), onLink(up), onRefused(code)}.
export class Live {
  constructor(initData, game, version, handlers) {
    this.initData = initData;
    this.game = game;
    this.version = version; // () -> [the version the page has, its deadline]
    this.handlers = handlers;
    this.socket = null;
    this.failures = 0;
    this.timer = null;
    this.stopped = false;
    this.wake = () => {
      if (!this.stopped && document.visibilityState === "visible" && !this.socket) {
        this.retryNow();
      }
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
  }

  start() {
    this.connect();
    return this;
  }

  connect() {
    this.timer = null;
    if (this.stopped) return;
    const url = new URL("api/live", window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.search = "";
    url.hash = "";
    let socket;
    try {
      socket = new WebSocket(url.href);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      const [version, deadline] = this.version();
      socket.send(JSON.stringify({ auth: this.initData, game: this.game, version, deadline }));
      if (this.failures) this.handlers.onLink(true); // refused sign-in closes it again
      this.failures = 0;
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state") this.handlers.onState(message.state, message.again === true);
      else if (message.type === "warning") this.handlers.onWarning();
    });
    socket.addEventListener("close", (event) => {
      if (this.socket === socket) this.socket = null;
      if (this.stopped) return;
      if (FINAL.has(event.code)) {
        this.handlers.onRefused(event.code);
        return;
      }
      this.retry();
    });
  }

  retry() {
    this.failures += 1;
    this.handlers.onLink(false);
    const base = Math.min(MAX_DELAY, 500 * 2 ** Math.min(this.failures - 1, 6));
    this.timer = setTimeout(() => this.connect(), base * (0.75 + Math.random() * 0.5));
  }

  retryNow() {
    if (this.timer) clearTimeout(this.timer);
    this.connect();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }
}
