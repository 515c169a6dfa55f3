// Sharing a finished game from the result screen (docs/web.md, "Sharing"): the result card
// and a challenge as messages the bot prepared (Telegram.WebApp.shareMessage), the result
// picture to a story (Telegram.WebApp.shareToStory) where the Telegram app allows it.

import { h } from "./ui.js";

function quietly(call) {
  try {
    call();
    return true;
  } catch {
    return false; // an older Telegram app without this method
  }
}

async function prepared(app, game, what) {
  const tg = app.tg;
  if (!tg || typeof tg.shareMessage !== "function") {
    app.toast(app.texts["web-share-unavailable"]);
    return;
  }
  const { status, data } = await app.api.post(`api/games/${game}/share`, { what });
  if (status === 200 && data && data.id) {
    if (!quietly(() => tg.shareMessage(data.id))) app.toast(app.texts["web-share-unavailable"]);
  } else {
    app.failed(status, data, true);
  }
}

async function story(app, game) {
  const { status, data } = await app.api.post(`api/games/${game}/share`, { what: "story" });
  if (status === 200 && data && data.media) {
    if (!quietly(() => app.tg.shareToStory(data.media, { text: data.text }))) {
      app.toast(app.texts["web-share-unavailable"]);
    }
  } else {
    app.failed(status, data, true);
  }
}

// The sharing buttons of a finished game the viewer played.
export function shareButtons(app, state) {
  const T = app.texts, game = state.game;
  const button = (what, label, action) => h("button", { type: "button", class: "secondary",
    "data-share": what, onclick: action }, label);
  const buttons = [
    button("result", T["web-share-result"], () => prepared(app, game, "result")),
    button("challenge", T["web-share-challenge"], () => prepared(app, game, "challenge")),
  ];
  // Stories: only where the Telegram app offers them (mobile clients).
  if (app.tg && typeof app.tg.shareToStory === "function") {
    buttons.push(button("story", T["web-share-story"], () => story(app, game)));
  }
  return buttons;
}
