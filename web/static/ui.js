// Small DOM helpers: elements, a toast, a yes/no question. Every word shown comes from the
// server (the session's texts, a state's texts, a refusal's text).

export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const key in attrs) {
      const value = attrs[key];
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        node.addEventListener(key.slice(2), value);
      } else if (key === "hidden") {
        node.hidden = true;
      } else {
        node.setAttribute(key, value === true ? "" : value);
      }
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

export class Toast {
  constructor() {
    this.node = h("div", { class: "toast", role: "status", "aria-live": "assertive", hidden: true });
    document.body.append(this.node);
    this.timer = null;
  }

  show(text, ms = 2600) {
    if (!text) return;
    this.node.textContent = text;
    this.node.hidden = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.node.hidden = true;
      this.timer = null;
    }, ms);
  }
}

// A question with two answers in a modal panel; resolves true for `yes`.
export function ask(text, yes, no) {
  return new Promise((resolve) => {
    const back = document.activeElement;
    let panel;
    const answer = (value) => {
      panel.remove();
      if (back && back.focus) back.focus();
      resolve(value);
    };
    const yesButton = h("button", { type: "button", class: "danger", "data-answer": "yes",
      onclick: () => answer(true) }, yes);
    const noButton = h("button", { type: "button", class: "secondary", "data-answer": "no",
      onclick: () => answer(false) }, no);
    panel = h("div", { class: "overlay", onkeydown: (e) => {
      if (e.key === "Escape") answer(false);
    } }, h("div", { class: "dialog", role: "alertdialog", "aria-modal": "true",
      "aria-labelledby": "ask-text" },
    h("p", { id: "ask-text" }, text), h("div", { class: "row" }, noButton, yesButton)));
    document.body.append(panel);
    noButton.focus();
  });
}
