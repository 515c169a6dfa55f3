// What a finished game's result screen offers beyond play again: the replay viewer on the
// page, and sharing (share.js). Kept apart from game.js: the result screen adds these.

import { shareButtons } from "./share.js";
import { h } from "./ui.js";

export function afterButtons(app, state) {
  const buttons = [h("button", { type: "button", class: "secondary", "data-after": "watch",
    onclick: () => app.replay(state.game, state.number) }, app.texts["web-replay-open"])];
  if (state.seat !== null) buttons.push(...shareButtons(app, state));
  return buttons;
}
