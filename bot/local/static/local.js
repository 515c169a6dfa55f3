// The local page: sign in as a player, the chat with the bot as a message list (its
// pictures, texts and buttons), and the web board beside it. Everything goes through the
// real bot: the chat through an in-process Bot API, the board through its own API.

const $ = (id) => document.getElementById(id);
let me = JSON.parse(sessionStorage.getItem("localPlayer") || "null");
let version = 0;
let shownCount = 0;

function headers() {
  return { "Content-Type": "application/json", Authorization: "tma " + me.init_data };
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: headers(), body: JSON.stringify(body) });
  return response.ok;
}

function boardUrl(url) {
  // The bot's web-app buttons open the board at WEBAPP_URL; here it opens in the frame,
  // with the launch parameters Telegram would pass.
  const target = new URL(url, location.href);
  const hash = new URLSearchParams({ tgWebAppData: me.init_data });
  return target.pathname + target.search + "#" + hash.toString();
}

// Only the tags Telegram allows in HTML messages are kept; the rest is text.
const ALLOWED = new Set(["B", "STRONG", "I", "EM", "U", "S", "CODE", "PRE", "BLOCKQUOTE"]);
function richText(html) {
  const parsed = new DOMParser().parseFromString(html, "text/html").body;
  const copy = (from, to) => {
    for (const node of from.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) to.append(node.textContent);
      else if (node.nodeType === Node.ELEMENT_NODE) {
        const kept = ALLOWED.has(node.tagName) ? document.createElement(node.tagName) : to;
        copy(node, kept);
        if (kept !== to) to.append(kept);
      }
    }
  };
  const out = document.createElement("div");
  copy(parsed, out);
  return out;
}

// A challenge's start link (`t.me/<bot>?start=<code>`): the other side is one click away.
const START_LINK = /https?:\/\/t\.me\/[^\s?]+\?start=([\w-]+)/;

function otherSideButton(code) {
  const line = document.createElement("div");
  line.className = "buttons";
  const element = document.createElement("button");
  element.type = "button";
  element.className = "other-side";
  element.textContent = (me.texts || {})["local-other-side"] || "▶";
  element.addEventListener("click", () => {
    const query = new URLSearchParams({ start: code, language: me.language || "en" });
    window.open("/?" + query.toString(), "_blank", "noopener");
  });
  line.append(element);
  return line;
}

function showMessage(message) {
  const item = document.createElement("li");
  item.dataset.id = message.id;
  if (message.file && (message.kind === "photo" || message.kind === "animation")) {
    const picture = document.createElement("img");
    picture.src = "/local/files/" + message.file;
    picture.alt = message.kind;
    item.append(picture);
  } else if (message.file) {
    const link = document.createElement("a");
    link.href = "/local/files/" + message.file;
    link.download = message.file_name || message.file;
    link.textContent = "📄 " + (message.file_name || message.file);
    item.append(link);
  }
  if (message.text) {
    const text = message.html ? richText(message.text) : document.createElement("div");
    if (!message.html) text.textContent = message.text;
    text.className = "text";
    item.append(text);
    const link = START_LINK.exec(message.text);
    if (link) item.append(otherSideButton(link[1]));
  }
  for (const row of message.buttons) {
    const line = document.createElement("div");
    line.className = "buttons";
    for (const button of row) {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = button.text;
      if (button.callback_data) {
        element.addEventListener("click", () => post("/local/api/press",
          { message_id: message.id, data: button.callback_data }));
      } else if (button.web_app) {
        element.addEventListener("click", () => { $("frame").src = boardUrl(button.web_app.url); });
      } else if (button.url) {
        element.addEventListener("click", () => {
          const start = new URL(button.url).searchParams.get("startapp");
          if (start) $("frame").src = boardUrl("/app/#") + "&tgWebAppStartParam=" + start;
        });
      } else {
        element.disabled = true;
      }
      line.append(element);
    }
    item.append(line);
  }
  return item;
}

async function poll() {
  for (;;) {
    try {
      const response = await fetch("/local/api/chat?since=" + version, { headers: headers() });
      if (response.status === 401) { sessionStorage.removeItem("localPlayer"); location.reload(); return; }
      const data = await response.json();
      version = data.version;
      const list = $("messages");
      const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 40;
      list.replaceChildren(...data.messages.map(showMessage));
      if (atEnd || data.messages.length > shownCount) {
        // Pictures take their height once loaded: follow them down.
        list.scrollTop = list.scrollHeight;
        list.querySelectorAll("img").forEach((img) => img.addEventListener("load", () => {
          list.scrollTop = list.scrollHeight;
        }, { once: true }));
      }
      shownCount = data.messages.length;
      if (data.toasts.length) {
        $("toast").textContent = data.toasts[data.toasts.length - 1];
        setTimeout(() => { $("toast").textContent = ""; }, 4000);
      }
    } catch (error) {
      await new Promise((done) => setTimeout(done, 2000));
    }
  }
}

function start() {
  $("login").hidden = true;
  $("play").hidden = false;
  $("me").textContent = me.name;
  $("frame").src = boardUrl("/app/");
  $("say").addEventListener("submit", async (event) => {
    event.preventDefault();
    const text = $("text").value.trim();
    if (text && await post("/local/api/say", { text })) $("text").value = "";
  });
  poll();
}

async function signIn(name, language, first) {
  const response = await fetch("/local/api/login", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(name ? { name, language } : { second: true, language }),
  });
  if (!response.ok) return;
  me = await response.json();
  sessionStorage.setItem("localPlayer", JSON.stringify(me));
  await post("/local/api/say", { text: first });
  start();
}

// Opened by "Play the other side": a new player, at once, who opens the challenge.
const asked = new URLSearchParams(location.search);
const challenge = asked.get("start");

if (me) {
  start();
} else if (challenge && /^[\w-]+$/.test(challenge)) {
  history.replaceState(null, "", "/");
  signIn("", asked.get("language") || "en", "/start " + challenge);
} else {
  $("login").hidden = false;
  $("name").focus();
  $("login").addEventListener("submit", async (event) => {
    event.preventDefault();
    await signIn($("name").value, $("language").value, "/start");
  });
}
